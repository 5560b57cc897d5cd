function add(a, b) { return a + b; }
function sub1(n) { return n - 1; }
function half(n) { return n / 2; }
const out = [];
for (let i = 0; i < 4; i++) out.push(add(i, i), add('s', i), add(i, null), sub1('7'), half([8]));
function countdown(n) { let s = ''; while (n > 0) { s = s + n; n--; } return s; }
function fact(n) { return n <= 1 ? 1 : n * fact(n - 1); }
const arrow = { k: 3, run() { const f = (x) => x * this.k; let t = 0; for (let j = 1; j <= 3; j++) t = t + f(j); return t; } };
return [out, countdown(5), fact(10), fact('5'), arrow.run(), add(undefined, 2)];
