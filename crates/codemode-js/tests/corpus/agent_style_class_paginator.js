class Paginator {
  constructor(fetchPage, size) { this.fetchPage = fetchPage; this.size = size; }
  async all() {
    const out = [];
    for (let page = 0; ; page++) {
      const items = await this.fetchPage(page, this.size);
      out.push(...items);
      if (items.length < this.size) return out;
    }
  }
}
const data = Array.from({ length: 7 }, (_, i) => i * i);
const p = new Paginator(async (page, size) => data.slice(page * size, page * size + size), 3);
return await p.all();
