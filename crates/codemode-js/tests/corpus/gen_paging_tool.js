// An agent pages through a tool's results with a generator.
const db = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, score: (i * 37) % 11 }));
function listPage(cursor, size) {
  const start = cursor ?? 0;
  const items = db.slice(start, start + size);
  return { items, next: start + size < db.length ? start + size : null };
}
function* allItems(size) {
  let cursor = null;
  do {
    const page = listPage(cursor, size);
    yield* page.items;
    cursor = page.next;
  } while (cursor !== null);
}
let best = null, n = 0;
const gen = allItems(5);
for (let r = gen.next(); !r.done; r = gen.next()) {
  n++;
  if (!best || r.value.score > best.score) best = r.value;
}
return { n, best };
