const a = Symbol("id"), b = Symbol("id"), c = Symbol();
return {
  types: [typeof a, typeof c, typeof Symbol.iterator],
  same: a === a, different: a === b, eqLoose: a == b,
  desc: [a.description, c.description, Symbol("").description],
  str: [a.toString(), c.toString(), String(b), String(Symbol.iterator)],
  notString: a == "Symbol(id)", truthy: !!c,
};
