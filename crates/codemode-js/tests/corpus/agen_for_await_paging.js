// The natural way to page through a tool: an async generator consumed by for await.
async function* items(query) {
  for (let page = 1; page <= 3; page++) {
    const res = await tools.api.search({ query, page });
    for (const n of [1, 2]) yield `${res.input.query}-${res.input.page}-${n}`;
  }
}
const out = [];
for await (const item of items('q')) out.push(item);
return out;
