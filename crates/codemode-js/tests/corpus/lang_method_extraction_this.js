const o = {v: 1, get() { return this === undefined ? 'undefined this' : this.v; }}; const g = o.get; return [o.get(), g.call({v: 9})];
