const o = {n: 2, get() { return this.n; }, arrow: function() { return [1, 2].map(x => x * this.n); }}; const g = o.get; return [o.get(), o.arrow()];
