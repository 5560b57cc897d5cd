const o = {a: 1, b: 2, c: 3}; const ks = []; for (const k in o) ks.push(k + o[k]); const idx = []; for (const i in ['x', 'y']) idx.push(i); return [ks, idx];
