class Counter {
  count = 0;
  step = 2;
  label;
  inc() { this.count += this.step; return this; }
}
const c = new Counter().inc().inc();
return { c, has: 'label' in c, keys: Object.keys(c) };
