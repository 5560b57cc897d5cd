// `/re/.test(x)` on a local or a literal: the same answers whatever the RegExp's state.
const out = [];
const words = ["123", "api", "", "4x", "007"];
for (const w of words) out.push(/^\d+$/.test(w), /\d/g.test(w), /\d/y.test(w));
out.push(/ab+c/i.test("xxABBBCxx"), /^$/.test(""), /a/.test("b"), /x/.test("x"));
// Not a string: ToString runs (and may touch RegExp.prototype first).
const n = 42;
out.push(/^4/.test(n), /^\d+$/.test(n));
const und = undefined;
out.push(/undefined/.test(und), /^u/.test(und));
let seen = 0;
const o = { toString() { seen++; return "hello"; } };
out.push(/ell/.test(o), seen);
// An upvalue and a parameter.
const check = (s) => /^[a-z]+$/.test(s);
out.push(check("abc"), check("ab1"), [1, "x", "yz"].map((p) => /^\d+$/.test(p)));
let z = "zz";
const viaClosure = () => /z{2}/.test(z);
out.push(viaClosure());
z = "z";
out.push(viaClosure());
// A program's own exec is called by the built-in test.
const saved = RegExp.prototype.exec;
let calls = 0;
RegExp.prototype.exec = function (s) {
  calls++;
  return saved.call(this, s);
};
const t = "abc";
out.push(/b/.test(t), /q/.test(t), calls);
RegExp.prototype.exec = saved;
// A program's own test.
const savedTest = RegExp.prototype.test;
RegExp.prototype.test = function (s) {
  return "own:" + this.source + ":" + s;
};
out.push(/b/.test(t), /c+/.test("x"));
RegExp.prototype.test = savedTest;
out.push(/b/.test(t));
// A toString that changes exec before the built-in test reads it.
const sneaky = {
  toString() {
    RegExp.prototype.exec = function () {
      return null;
    };
    return "abc";
  },
};
out.push(/a/.test(sneaky), /a/.test(t));
RegExp.prototype.exec = saved;
out.push(/a/.test(t));
return out;
