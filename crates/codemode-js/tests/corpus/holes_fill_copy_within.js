const a = new Array(4).fill(0);
const b = [1, , 3, 4, , 6];
b.copyWithin(0, 3);
const c = [1, 2, 3, , 5];
c.copyWithin(1, 2, 4);
return {
  a: [Object.keys(a), JSON.stringify(a)],
  b: [Object.keys(b), JSON.stringify(b)],
  c: [Object.keys(c), JSON.stringify(c)],
};
