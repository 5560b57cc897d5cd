var obj = { prop1: 'abc', prop2: 'bbc', prop3: 'cnn' };
var count = 0, seen = [];
for (var p in obj) { seen.push(p); if (obj.hasOwnProperty(p)) count++; }
function inner() { const out = []; for (var q in obj) out.push(q); return out; }
const nested = { a: { x: 1, y: 2 }, b: { z: 3 } };
let acc = '';
for (var k in nested) for (var i in nested[k]) acc += k + i + nested[k][i];
let target = {};
for (target.key in { one: 1 }) {}
const proto = { inherited: 1 };
const child = Object.create(proto);
child.own = 2;
const all = [];
for (const key in child) all.push(key);
return { count, seen, inner: inner(), acc, target, all, last: p };
