class Shape {
  constructor(n) { this.n = n; }
  get label() { return 'shape#' + this.n; }
  describe() { return 'I am ' + this.label; }
}
class Circle extends Shape {
  get label() { return 'circle(' + super.label + ')'; }
  static get kind() { return 'round'; }
}
class Unit extends Circle { static get kind() { return 'unit-' + super.kind; } }
const c = new Circle(3);
return [c.label, c.describe(), Circle.kind, Unit.kind, new Unit(1).label];
