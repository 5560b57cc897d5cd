const k = Symbol("k");
const proto = { [k]: "inherited" };
const o = Object.create(proto);
o.own = 1;
return [k in o, Object.hasOwn(o, k), o.hasOwnProperty(k), o[k], Object.getOwnPropertySymbols(proto).length, Object.getOwnPropertySymbols(o).length];
