const f = async (x) => x * 2n;
const vals = await Promise.all([f(1n), f(2n ** 70n), Promise.resolve(3n)]);
const gen = function* () { let i = 0n; while (i < 3n) yield i++; };
return { vals: vals.map(String), gen: [...gen()].map(String), spread: Math.max(...[1, 2]), destr: (([a, b]) => String(a + b))([4n, 5n]) };
