const delayed = (v, n) => { let p = Promise.resolve(v); for (let i = 0; i < n; i++) p = p.then(x => x); return p; }; return await Promise.race([delayed('slow', 5), delayed('fast', 1)]);
