const n = 3, o = {a: 1}; return `n=${n} sum=${n + 4} arr=${[1, 2]} obj=${o.a} nested=${`x${n}`}`;
