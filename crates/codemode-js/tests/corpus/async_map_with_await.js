const rs = await Promise.all([1, 2, 3].map(async x => { await null; return x * 10; })); return rs;
