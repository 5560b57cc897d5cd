// An async generator pages through a tool; the consumer stops when it has enough.
async function* pages(query) {
  let page = 1;
  while (true) {
    const res = await tools.api.search({ query, page });
    yield res.input.page;
    if (page === 4) return 'last page';
    page++;
  }
}
const seen = [];
const it = pages('rust');
let r = await it.next();
while (!r.done) {
  seen.push(r.value);
  r = await it.next();
}
return { seen, end: r.value };
