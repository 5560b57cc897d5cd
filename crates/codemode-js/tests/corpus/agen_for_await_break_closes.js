const log = [];
async function* g() {
  try {
    for (let i = 0; ; i++) { log.push('yield ' + i); yield i; }
  } finally {
    log.push('closed');
  }
}
for await (const x of g()) { if (x === 2) break; }
const r = await (async () => { for await (const x of g()) { if (x === 1) return 'returned ' + x; } })();
let caught;
try { for await (const x of g()) { throw new Error('body threw at ' + x); } } catch (e) { caught = e.message; }
return { log, r, caught };
