const o = {m: 2, run() { return [1, 2].map(function (x) { return x; }).concat([1, 2].map(x => x * this.m)); }}; return o.run();
