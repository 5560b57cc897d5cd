const o = Object.freeze({ a: 1 });
const arr = Object.freeze([1, 2]);
return [delete o.a, delete o.b, delete o['c'], o.a, delete arr[0], delete arr[5], arr, Object.isFrozen(o)];
