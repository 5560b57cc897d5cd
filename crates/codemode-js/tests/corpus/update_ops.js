let i = 5; const a = i++; const b = ++i; const o = {n: 1}; o.n++; ++o.n; const arr = [1]; arr[0]--; return [a, b, i, o.n, arr[0]];
