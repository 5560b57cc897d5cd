function* g() { yield 1; }
const it = g();
console.log(g);
console.log(it);
return 'ok';
