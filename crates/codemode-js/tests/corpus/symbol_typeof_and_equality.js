const s = Symbol("e");
const t = s;
return {
  strict: [s === t, s === Symbol("e"), s !== "e"],
  loose: [s == t, s == "Symbol(e)", s == Object(s)],
  is: Object.is(s, t), inArr: [s].includes(s), idx: [1, s].indexOf(s),
  typeofs: [typeof s, typeof Object(s), typeof Symbol, typeof Symbol.prototype],
};
