const log = [];
const items = { [Symbol.iterator]() { let i = 0; return { next: () => (i < 3 ? { value: i++, done: false } : { done: true }), return() { log.push("closed"); return {}; } }; } };
const results = [];
for (const x of items) {
  const v = await Promise.resolve(x * 2);
  results.push(v);
  if (v === 2) break;
}
for (const p of [Promise.resolve("a"), "b"]) results.push(await p);
return { results, log };
