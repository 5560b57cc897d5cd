// A client that keeps its cache and call count private while paging through results.
class PagedClient {
  #pages;
  #calls = 0;
  #cache = new Map();
  constructor(pages) { this.#pages = pages; }
  async #fetch(page) {
    this.#calls++;
    if (this.#cache.has(page)) return this.#cache.get(page);
    const data = await Promise.resolve(this.#pages[page] ?? []);
    this.#cache.set(page, data);
    return data;
  }
  async *items() {
    for (let p = 0; ; p++) {
      const rows = await this.#fetch(p);
      if (rows.length === 0) return;
      yield* rows;
    }
  }
  get stats() { return { calls: this.#calls, cached: this.#cache.size }; }
}
const client = new PagedClient([[{ id: 1, ok: true }, { id: 2, ok: false }], [{ id: 3, ok: true }]]);
const ids = [];
for await (const row of client.items()) if (row.ok) ids.push(row.id);
return { ids, stats: client.stats, client };
