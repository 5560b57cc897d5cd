const users = [{id: 1, name: 'ann'}, {id: 2, name: 'bob'}];
const orders = [{uid: 1, total: 5}, {uid: 2, total: 7}, {uid: 1, total: 3}];
const byId = Object.fromEntries(users.map(u => [u.id, u]));
return orders.map(o => ({name: byId[o.uid].name, total: o.total})).sort((a, b) => a.name.localeCompare(b.name) || a.total - b.total);
