const pairs = [[7n, 2n], [-7n, 2n], [7n, -2n], [-7n, -2n], [0n, 5n], [1n, 3n]];
const r = pairs.map(([a, b]) => [String(a / b), String(a % b)]);
let err;
try { 1n / 0n; } catch (e) { err = [e.name, e.message]; }
let err2;
try { 1n % 0n; } catch (e) { err2 = e instanceof RangeError; }
return { r, err, err2 };
