class Query {
  constructor(text) { this.text = text; this.page = 1; }
  get normalized() { return this.text.trim().toLowerCase(); }
  toJSON() { return { q: this.normalized, page: this.page }; }
}
const q = new Query('  Find ME ');
const r1 = await tools.search.run(q);
const r2 = await tools.search.run({ get q() { return q.normalized; }, n: 2 });
return [r1, r2];
