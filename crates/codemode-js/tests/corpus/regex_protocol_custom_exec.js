// A RegExp subclass whose exec reports every call: the String methods go through it.
const calls = [];
class Tracing extends RegExp {
  exec(s) {
    calls.push(this.lastIndex);
    return super.exec(s);
  }
}
const r = new Tracing("o", "g");
const replaced = "foo boo".replace(r, "0");
const matched = "foo".match(new Tracing("o", "g"));
const tested = new Tracing("z").test("abc");
const searched = "xyz".search(new Tracing("z"));
return { replaced, matched, tested, searched, calls };
