const out = []; for (const x of [1, 2]) out.push(x); for (const c of 'hé😀') out.push(c); for (const [k, v] of Object.entries({a: 1})) out.push(k + v); return out;
