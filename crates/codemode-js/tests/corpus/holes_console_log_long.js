const a = [];
for (let i = 0; i < 250; i++) if (i % 2 === 0) a[i] = i;
console.log(a);
const b = new Array(300);
b[0] = 1;
console.log(b);
return a.length + b.length;
