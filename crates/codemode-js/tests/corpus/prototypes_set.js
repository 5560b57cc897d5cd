// Object.setPrototypeOf, prototype chains built by a program, Function.prototype as a
// function, and the errors of setting a prototype.
const base = { greet() { return "hi " + this.name; } };
const o = Object.setPrototypeOf({ name: "ann" }, base);
const errors = [];
for (const [target, proto] of [[{}, 1], [null, {}], [Object.preventExtensions({}), {}]]) {
  try { Object.setPrototypeOf(target, proto); errors.push("no error"); }
  catch (e) { errors.push(e.constructor.name + ": " + e.message); }
}
const a = {}, b = Object.create(a);
try { Object.setPrototypeOf(a, b); } catch (e) { errors.push(e.message); }
const same = Object.preventExtensions({});
const kept = Object.setPrototypeOf(same, Object.prototype) === same;
let chain = {};
for (let i = 0; i < 5000; i++) chain = Object.setPrototypeOf({ depth: i }, chain);
function Animal(name) { this.name = name; }
Animal.prototype.speak = function () { return this.name + " speaks"; };
function Dog(name) { Animal.call(this, name); }
Object.setPrototypeOf(Dog.prototype, Animal.prototype);
const d = new Dog("rex");
return [
  o.greet(), Object.getPrototypeOf(o) === base, errors, kept,
  chain.depth, Object.getPrototypeOf(chain).depth,
  typeof Function.prototype, Function.prototype(), Function.prototype.name,
  Function.prototype.length, Object.getPrototypeOf(function () {}) === Function.prototype,
  d.speak(), d instanceof Animal, d instanceof Dog, Object.setPrototypeOf(1, null),
  Object.getPrototypeOf(Object.setPrototypeOf({}, null)),
];
