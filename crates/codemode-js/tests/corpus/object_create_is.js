const base = {greet() { return 'hi ' + this.name; }}; const o = Object.create(base); o.name = 'x'; return [o.greet(), Object.is(NaN, NaN), Object.is(0, -0), Object.keys(o)];
