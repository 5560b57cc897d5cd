const users = await Promise.all(['u1', 'u2'].map(id => tools.users.get({id})));
const enriched = [];
for (const u of users) {
  const detail = await tools.users.detail({id: u.input.id});
  enriched.push({id: u.input.id, via: detail.path});
}
return enriched;
