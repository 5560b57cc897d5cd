class Base { constructor(a, b) { this.sum = a + b; } }
class Child extends Base {}
const c = new Child(2, 3);
return [c.sum, c instanceof Base, Child.name, Child.length, Base.length];
