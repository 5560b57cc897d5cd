// A parenthesized optional chain ending in a property is still a reference: the call gets
// its `this` (node: `(a?.b)()` is `a.b()` when a is not nullish).
const cart = {
  items: [3, 4],
  total() { return this.items.reduce((s, x) => s + x, 0); },
  nested: { label: 'n', show() { return 'label ' + this.label; } },
};
const out = [];
out.push((cart?.total)());
out.push((cart?.nested.show)());
out.push((cart.nested?.show)());
out.push((cart?.['total'])());
out.push((cart?.nested['show'])());
const list = [];
(list?.push)(1, 2);
out.push(list.length);
class User {
  constructor(name) { this.name = name; }
  greet(greeting) { return greeting + ', ' + this.name; }
}
const users = { current: new User('Ada') };
out.push((users.current?.greet)('Hi'));
const missing = undefined;
try { (missing?.greet)(); } catch (e) { out.push(e.constructor.name); }
try { (users?.nobody)(); } catch (e) { out.push(e.constructor.name); }
out.push((missing?.greet)?.());
return out;
