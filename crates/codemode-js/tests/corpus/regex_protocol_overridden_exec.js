// Replacing RegExp.prototype.exec changes what the String methods see (as in node).
const original = RegExp.prototype.exec;
let calls = 0;
RegExp.prototype.exec = function (s) { calls++; return original.call(this, s); };
const a = "aXbXc".split(/X/);
const b = "aXbXc".replace(/X/g, "-");
const c = /X/.test("aXb");
RegExp.prototype.exec = original;
let bad = null;
const weird = /a/;
weird.exec = () => 42;
try { "a".match(weird); } catch (e) { bad = e.name; }
return { a, b, c, calls: calls > 0, bad };
