// A generator of work items consumed by an async loop (the generator itself is sync).
function* batches(items, size) { for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size); }
async function process(batch) { await null; return batch.reduce((s, x) => s + x, 0); }
const sums = [];
const it = batches([1, 2, 3, 4, 5, 6, 7], 3);
for (let r = it.next(); !r.done; r = it.next()) sums.push(await process(r.value));
return sums;
