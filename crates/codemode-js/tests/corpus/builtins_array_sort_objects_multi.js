const rs = [{n: 'x', s: 2}, {n: 'y', s: 1}, {n: 'z', s: 2}, {n: 'w', s: 1}]; return rs.sort((a, b) => b.s - a.s || a.n.localeCompare(b.n)).map(r => r.n);
