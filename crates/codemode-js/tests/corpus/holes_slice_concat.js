const a = [1, , 3, , 5];
const s = a.slice(1, 4);
const c = a.concat([, 7], 8);
const generic = Array.prototype.slice.call({ length: 3, 1: "b" });
return {
  s: [s.length, Object.keys(s)],
  c: [c.length, Object.keys(c)],
  generic: [generic.length, Object.keys(generic)],
};
