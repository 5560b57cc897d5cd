const rows = [{k: 'a', n: 1}, {k: 'b', n: 2}, {k: 'a', n: 3}]; const m = {}; rows.forEach(({k, n}) => { m[k] = (m[k] ?? 0) + n; }); return m;
