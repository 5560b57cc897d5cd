class Counter {
  #count = 0;
  static #instances = 0;
  constructor() { Counter.#instances++; }
  inc(by = 1) { this.#count += by; return this; }
  get value() { return this.#count; }
  static get instances() { return Counter.#instances; }
}
const a = new Counter().inc().inc(5);
new Counter();
return { value: a.value, instances: Counter.instances, keys: Object.keys(a), json: JSON.stringify(a), exported: a };
