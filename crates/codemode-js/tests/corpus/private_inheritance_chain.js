class Animal {
  #name;
  constructor(name) { this.#name = name; }
  get name() { return this.#name; }
  #greet() { return `I am ${this.#name}`; }
  speak() { return this.#greet(); }
}
class Dog extends Animal {
  #tricks = [];
  learn(t) { this.#tricks.push(t); return this; }
  speak() { return `${super.speak()} and I know ${this.#tricks.join(', ') || 'nothing'}`; }
  static isDog(o) { return #tricks in o; }
}
const d = new Dog('Rex').learn('sit').learn('roll');
const a = new Animal('Cat');
return [d.speak(), a.speak(), Dog.isDog(d), Dog.isDog(a), d.name, d instanceof Animal, Object.keys(d)];
