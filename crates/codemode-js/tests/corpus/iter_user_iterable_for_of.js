class Range {
  constructor(from, to) { this.from = from; this.to = to; }
  [Symbol.iterator]() {
    let cur = this.from; const to = this.to;
    return { next: () => (cur <= to ? { value: cur++, done: false } : { value: undefined, done: true }) };
  }
}
const out = [];
for (const n of new Range(1, 5)) out.push(n * n);
return { out, spread: [...new Range(3, 6)], from: Array.from(new Range(1, 3), (x) => x * 10) };
