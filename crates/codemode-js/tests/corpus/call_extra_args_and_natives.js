// Callbacks taking fewer parameters than they are given, defaults, and natives called
// directly (including those that call on: call/apply, generator next, bound functions).
const seen = [];
const rows = [1, 2, 3, 4, 5, 6];
const even = rows.filter((r) => r % 2 === 0);
const idx = rows.map((r, i) => r * 10 + i);
const withDefault = rows.map((r, i = 100, arr, extra = "d") => `${r}/${i}/${arr.length}/${extra}`);
function plain(a) { let x; seen.push(a, x, typeof zz); return a; }
const p = [plain(1, 2, 3), plain.call(null, 4, 5), plain.apply(null, [6, 7, 8])];
const q = Function.prototype.call.call(plain, null, 9, 10);
function* gen() { const a = yield 1; seen.push(a); yield a + 1; }
const g = gen();
const steps = [g.next(), g.next(41, "extra"), g.next()].map((s) => `${s.value}:${s.done}`);
const bound = plain.bind(null, 11);
const b = [bound(12, 13), Math.max(1, 5, 3), Math.min(4, 2, 8, 1), "x".concat(1, 2, 3, 4)];
const parts = [];
for (let i = 1; i <= 5; i++) parts.push(`${"row".toUpperCase()}-${i}`);
let thrown;
try { null.toUpperCase(); } catch (e) { thrown = e instanceof TypeError; }
let thrown2;
try { "x".localeCompare.call(undefined, "y"); } catch (e) { thrown2 = e.constructor.name; }
return [even, idx, withDefault, p, q, seen, steps, b, parts.join(","), thrown, thrown2];
