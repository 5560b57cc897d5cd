// Records indexed by id: a sparse array, as an agent might build from tool results.
const users = [
  { id: 3, name: "ada" },
  { id: 7, name: "bob" },
  { id: 12, name: "cy" },
];
const byId = [];
for (const u of users) byId[u.id] = u;
const present = [];
byId.forEach((u, id) => present.push(id));
return {
  length: byId.length,
  ids: Object.keys(byId).map(Number),
  present,
  names: byId.filter(Boolean).map((u) => u.name),
  count: byId.reduce((n) => n + 1, 0),
  lookup: byId[7].name,
  missing: byId[5] === undefined,
  json: JSON.stringify(byId.map((u) => u.name)),
};
