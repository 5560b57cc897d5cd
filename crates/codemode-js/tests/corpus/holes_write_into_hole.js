const a = new Array(3);
a[1] = "mid";
const b = [1, , 3];
b[1] = 2;
const c = [];
c[2] = "c";
c[0] = "a";
c[1] = "b";
return {
  a: [Object.keys(a), 0 in a, a.length],
  b: [Object.keys(b), b.indexOf(2)],
  c: [Object.keys(c), c.join()],
  filled: (() => { const d = new Array(4); for (let i = 0; i < 4; i++) d[i] = i * i; return [Object.keys(d).length, d.indexOf(9), d.includes(undefined)]; })(),
};
