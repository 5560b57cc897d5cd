const r = await Promise.resolve(1).then(x => x + 1).then(x => x * 10); return r;
