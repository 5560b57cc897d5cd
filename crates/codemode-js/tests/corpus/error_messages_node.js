const msgs = [];
const tries = [() => undefined.x, () => null.foo.bar, () => { const o = {}; o.method(); }, () => notDefinedVar, () => { let f = 5; f(); }, () => { const o = {a: {}}; o.a.b.c; }, () => { const obj = {}; obj.foo.bar(); }];
for (const t of tries) { try { t(); } catch (e) { msgs.push(e.name + ': ' + e.message); } }
return msgs;
