const a = [3, , 1];
const s = a.toSorted();
const r = a.toReversed();
const w = a.with(0, 9);
const sp = a.toSpliced(0, 1);
return {
  s: [Object.keys(s), JSON.stringify(s)],
  r: [Object.keys(r), JSON.stringify(r)],
  w: [Object.keys(w), JSON.stringify(w)],
  sp: [Object.keys(sp), JSON.stringify(sp)],
  src: Object.keys(a),
  one: Object.keys([,].toSorted()),
};
