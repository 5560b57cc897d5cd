const o = { a: 1, get b() { return 2; }, set c(v) {}, get d() { return 4; }, set d(v) {} };
console.log(o);
console.log([o]);
class K { get x() { return 1; } }
console.log(new K(), Object.getOwnPropertyNames(K.prototype));
return o.b + o.d;
