function f<T>(x?: T) { return typeof x; }
const a = 3, b = 2, c = 1, g = (x: number) => x;
const r = [
  f<number>(1),
  a < b > c,
  a < b > -c,
  (a < b) > +c,
  f<string>
  ("s"),
];
const fs = [f<boolean>, f];
return { r, n: fs.length, t: typeof fs[0] };
