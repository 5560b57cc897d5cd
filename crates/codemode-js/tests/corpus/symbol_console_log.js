const s = Symbol("log");
console.log(s, Symbol(), Symbol.iterator, [s]);
console.log({ a: 1, [s]: 2 });
console.log(String(s), typeof s);
return s.description;
