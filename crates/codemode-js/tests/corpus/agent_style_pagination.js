let page = 0; const all = [];
while (true) {
  const r = await tools.api.list({page});
  all.push(r.input.page);
  page++;
  if (page >= 3) break;
}
return all;
