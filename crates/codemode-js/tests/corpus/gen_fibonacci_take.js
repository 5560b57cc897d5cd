function* fib() { let [a, b] = [0, 1]; for (;;) { yield a; [a, b] = [b, a + b]; } }
function take(it, n) { const out = []; for (let i = 0; i < n; i++) out.push(it.next().value); return out; }
function* map(it, f) { for (let r = it.next(); !r.done; r = it.next()) yield f(r.value); }
function* filter(it, p) { for (let r = it.next(); !r.done; r = it.next()) if (p(r.value)) yield r.value; }
return take(filter(map(fib(), (x) => x * 3), (x) => x % 2 === 0), 8);
