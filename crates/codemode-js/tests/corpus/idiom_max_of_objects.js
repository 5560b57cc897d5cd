const xs = [{v: 3}, {v: 9}, {v: 1}]; return [Math.max(...xs.map(x => x.v)), xs.reduce((a, b) => (b.v > a.v ? b : a)).v];
