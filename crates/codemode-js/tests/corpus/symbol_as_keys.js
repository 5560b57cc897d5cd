const secret = Symbol("secret");
const o = { name: "box", [secret]: 42 };
o[Symbol.for("tag")] = "t";
const keys = Object.keys(o), entries = Object.entries(o), values = Object.values(o);
const forIn = [];
for (const k in o) forIn.push(k);
return {
  read: o[secret], tag: o[Symbol.for("tag")], keys, entries, values, forIn,
  json: JSON.stringify(o), has: secret in o, own: o.hasOwnProperty(secret),
  syms: Object.getOwnPropertySymbols(o).map(String), names: Object.getOwnPropertyNames(o),
};
