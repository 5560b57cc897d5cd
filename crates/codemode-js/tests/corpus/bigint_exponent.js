const out = [2n ** 64n, (-2n) ** 63n, (-3n) ** 3n, 0n ** 0n, 1n ** 1000000n, (-1n) ** 1000001n, 10n ** 30n].map(String);
let e;
try { 2n ** -1n; } catch (x) { e = x.name; }
let x = 3n; x **= 4n;
return { out, e, x: String(x) };
