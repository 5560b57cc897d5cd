const a = [1, , 3];
const m = a.map((x) => x + 1);
const arrLike = Array.prototype.map.call({ length: 3, 0: "a", 2: "c" }, (s) => s.toUpperCase());
return {
  m: [m.length, Object.keys(m), JSON.stringify(m)],
  arrLike: [arrLike.length, Object.keys(arrLike), JSON.stringify(arrLike)],
};
