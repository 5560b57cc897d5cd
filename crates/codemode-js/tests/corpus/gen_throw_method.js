function* g() {
  let errors = 0;
  while (true) {
    try { yield errors; } catch (e) { errors++; if (e === 'stop') return 'stopped after ' + errors; }
  }
}
const it = g();
const r = [it.next(), it.throw('a'), it.throw('b'), it.throw('stop'), it.next()];
return r;
