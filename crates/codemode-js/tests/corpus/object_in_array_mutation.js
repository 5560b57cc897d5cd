const arr = [{n: 1}, {n: 2}]; arr.forEach(o => o.n *= 10); return arr;
