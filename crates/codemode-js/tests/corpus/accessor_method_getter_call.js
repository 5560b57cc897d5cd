const api = {
  base: 10,
  get add() { return (x) => this.base + x; },
  get self() { return this; },
};
const calc = { get op() { return function (x) { return this === calc ? x * 2 : -1; }; } };
return [api.add(5), api.self.base, calc.op(4), api['add'](1)];
