const o = {v: 1, outer() { const inner = () => this.v; return inner(); }}; return o.outer();
