const p = new Promise((res, rej) => { res(1); res(2); rej(new Error('x')); }); return await p;
