const scores = {a: 5, b: 9, c: 7, d: 9}; return Object.entries(scores).sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])).slice(0, 3).map(([k, v]) => `${k}=${v}`);
