const r = await [1, 2, 3].reduce(async (accP, x) => (await accP) + x, Promise.resolve(0)); return r;
