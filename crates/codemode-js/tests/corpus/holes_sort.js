const a = [3, , undefined, 1, , 2];
a.sort();
const b = [, "b", , "a", undefined];
b.sort((x, y) => (x < y ? -1 : 1));
return {
  a: [a.length, Object.keys(a), JSON.stringify(a), 4 in a, 3 in a],
  b: [b.length, Object.keys(b), JSON.stringify(b)],
};
