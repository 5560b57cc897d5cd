const log = [];
function* g() {
  try { yield 1; yield 2; yield 3; } finally { log.push('finally'); }
}
for (const x of g()) { log.push(x); if (x === 2) break; }
const [a] = g();
log.push('destructured ' + a);
function* lines() { yield 'a'; yield 'b'; }
const joined = [...lines()].join('+');
return { log, joined };
