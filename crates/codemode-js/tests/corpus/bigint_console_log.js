console.log(1n, -2n, 2n ** 70n);
console.log([1n, 2n], { id: 3n, nested: { v: [4n] } });
console.log(Object(5n));
console.log(`${6n}`, String(7n));
console.log(new Map([[1n, 2n]]), new Set([8n]));
return "logged";
