const a = [];
a[5] = "five";
const b = ["x"];
b[3] = "y";
return {
  a: [a.length, Object.keys(a), 0 in a, 5 in a],
  b: [b.length, Object.keys(b), JSON.stringify(b)],
  entries: Object.entries(b),
  values: Object.values(b),
};
