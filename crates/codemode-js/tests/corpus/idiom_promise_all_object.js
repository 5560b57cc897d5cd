const keys = ['a', 'b']; const vals = await Promise.all(keys.map(k => tools.kv.get({k}))); return Object.fromEntries(keys.map((k, i) => [k, vals[i].input.k]));
