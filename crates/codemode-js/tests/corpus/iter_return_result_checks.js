const log = [];
const mk = (ret) => ({ [Symbol.iterator]() { return { next: () => ({ value: 1, done: false }), return: ret }; } });
for (const ret of [undefined, null, () => ({}), () => 1]) {
  try { for (const x of mk(ret)) break; log.push("ok"); } catch (e) { log.push(e.name); }
}
try { for (const x of mk(5)) break; } catch (e) { log.push(e.name); }
try { for (const x of mk(() => 1)) throw new Error("body"); } catch (e) { log.push(e.message); }
return log;
