class Temperature {
  constructor(c) { this.celsius = c; }
  get fahrenheit() { return this.celsius * 9 / 5 + 32; }
  set fahrenheit(f) { this.celsius = (f - 32) * 5 / 9; }
  static get freezing() { return new Temperature(0); }
}
const t = new Temperature(25);
t.fahrenheit = 212;
return { c: t.celsius, f: t.fahrenheit, freezing: Temperature.freezing.fahrenheit, own: Object.keys(t) };
