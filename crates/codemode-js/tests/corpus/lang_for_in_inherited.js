const p = {inh: 1}; const o = Object.create(p); o.own = 2; const ks = []; for (const k in o) ks.push(k); return ks;
