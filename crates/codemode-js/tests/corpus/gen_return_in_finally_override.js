function* g() {
  try { yield 1; } finally { yield 'from finally'; }
}
const it = g();
return [it.next(), it.return('r'), it.next(), it.next()];
