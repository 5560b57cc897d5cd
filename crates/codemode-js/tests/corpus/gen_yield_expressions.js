function* g() {
  const a = [yield 1, yield 2];
  const o = { x: yield 'x', y: (yield 'y') * 2 };
  const s = `${yield 's'}!`;
  const c = (yield 'c') ? 'yes' : 'no';
  return { a, o, s, c };
}
const it = g();
const vals = [];
let r = it.next();
let i = 0;
while (!r.done) { vals.push(r.value); r = it.next(++i); }
return { vals, result: r.value };
