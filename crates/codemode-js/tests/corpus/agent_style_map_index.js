// Index tool rows by id with a Map, join two result sets, and dedupe tags with a Set.
const users = [{ id: 7, name: "Ada" }, { id: 3, name: "Lin" }, { id: 9, name: "Bo" }];
const orders = [
  { id: "o1", user: 3, tags: ["rush", "gift"] }, { id: "o2", user: 7, tags: ["gift"] },
  { id: "o3", user: 3, tags: ["rush"] }, { id: "o4", user: 42, tags: [] },
];
const byId = new Map(users.map((u) => [u.id, u]));
const perUser = new Map();
for (const o of orders) {
  const list = perUser.get(o.user) ?? [];
  list.push(o.id);
  perUser.set(o.user, list);
}
const tags = new Set(orders.flatMap((o) => o.tags));
const missing = [...perUser.keys()].filter((id) => !byId.has(id));
const report = [...perUser].map(([id, ids]) => ({ user: byId.get(id)?.name ?? "unknown", orders: ids }));
console.log(perUser);
return { report, tags: [...tags].sort(), missing, counts: Object.fromEntries([...perUser].map(([k, v]) => [k, v.length])) };
