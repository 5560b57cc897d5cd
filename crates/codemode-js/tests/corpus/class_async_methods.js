class Pager {
  constructor(pages) { this.pages = pages; }
  async page(i) { await null; return this.pages[i] ?? null; }
  static async all(p) { const out = []; for (let i = 0; ; i++) { const x = await p.page(i); if (x === null) break; out.push(...x); } return out; }
}
return await Pager.all(new Pager([[1, 2], [3], [4, 5]]));
