// Chunking a stream of ids into batches for tool calls.
function chunks(iterable, size) {
  const out = [];
  let cur = [];
  for (const x of iterable) { cur.push(x); if (cur.length === size) { out.push(cur); cur = []; } }
  if (cur.length) out.push(cur);
  return out;
}
const ids = new Set(["u1", "u2", "u3", "u4", "u5"]);
const batches = chunks(ids, 2);
const results = [];
for (const batch of batches) {
  const r = await tools.users.lookup({ ids: batch });
  results.push(r.input.ids.length);
}
return { batches, results };
