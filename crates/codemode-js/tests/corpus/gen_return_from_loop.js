const log = [];
function* g() {
  for (let i = 0; ; i++) {
    try {
      if (i === 3) return 'done at 3';
      yield i;
    } finally {
      log.push('finally ' + i);
    }
  }
}
const it = g();
const out = [];
for (let r = it.next(); ; r = it.next()) { out.push(r.value); if (r.done) break; }
return { out, log };
