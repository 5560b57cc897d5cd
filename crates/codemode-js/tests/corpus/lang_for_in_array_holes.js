const a = ['x', 'y']; a.extra = 'z'; const ks = []; for (const k in a) ks.push(k); return ks;
