class Feed {
  constructor(items) { this.items = items; }
  async *batches(size) {
    for (let i = 0; i < this.items.length; i += size) {
      await null;
      yield this.items.slice(i, i + size);
    }
  }
  static async *empty() {}
}
const f = new Feed([1, 2, 3, 4, 5]);
const it = f.batches(2);
const got = [];
for (let r = await it.next(); !r.done; r = await it.next()) got.push(r.value);
const e = await Feed.empty().next();
const obj = { async *one() { yield 'one'; } };
return { got, e, one: await obj.one().next() };
