class Animal {
  constructor(name) { this.name = name; }
  speak() { return `${this.name} makes a sound`; }
}
class Dog extends Animal {
  constructor(name, breed) { super(name); this.breed = breed; }
  speak() { return super.speak() + ' (woof)'; }
}
const d = new Dog('Rex', 'lab');
return { s: d.speak(), d, isDog: d instanceof Dog, isAnimal: d instanceof Animal, proto: Object.getPrototypeOf(Dog) === Animal };
