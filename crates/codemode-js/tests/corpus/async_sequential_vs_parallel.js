const order = [];
const a = tools.s.a({}).then(r => { order.push(r.path); return r; });
const b = tools.s.b({}).then(r => { order.push(r.path); return r; });
await b; await a;
return order;
