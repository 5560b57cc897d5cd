class Tree {
  constructor(value, children = []) { this.value = value; this.children = children; }
  *walk(depth = 0) {
    yield [depth, this.value];
    for (const c of this.children) yield* c.walk(depth + 1);
  }
  static *range(a, b) { while (a < b) yield a++; }
}
const t = new Tree('root', [new Tree('a', [new Tree('a1')]), new Tree('b')]);
const seen = [];
const it = t.walk();
for (let r = it.next(); !r.done; r = it.next()) seen.push(r.value.join(':'));
const obj = { *pairs() { yield 1; yield 2; } };
const p = obj.pairs();
const r = Tree.range(3, 6);
return { seen, pairs: [p.next().value, p.next().value, p.next().done], range: [r.next().value, r.next().value, r.next().value, r.next().done] };
