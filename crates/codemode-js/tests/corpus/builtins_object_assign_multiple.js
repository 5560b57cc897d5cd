const t = {a: 1}; const r = Object.assign(t, {b: 2}, null, {a: 3}); return [r === t, t];
