// Ordinary recursive programs go thousands of calls deep; runaway recursion is a
// catchable RangeError and the program goes on after it.
function depth(n) { return n === 0 ? 0 : 1 + depth(n - 1); }
const isEven = (n) => (n === 0 ? true : isOdd(n - 1));
const isOdd = (n) => (n === 0 ? false : isEven(n - 1));
function walk(node) { return node === null ? 0 : 1 + walk(node.next); }
let list = null;
for (let i = 0; i < 3000; i++) list = { next: list };
function runaway(n) { return runaway(n + 1) + 1; }
let caught;
try { runaway(0); } catch (e) { caught = [e instanceof RangeError, e.name, e.message]; }
return [depth(5000), isEven(4000), walk(list), caught, depth(10)];
