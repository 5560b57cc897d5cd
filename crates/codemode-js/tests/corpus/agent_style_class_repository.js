class Repository {
  constructor(rows) { this.rows = rows; this.queries = 0; }
  find(pred) { this.queries++; return this.rows.filter(pred); }
  byId(id) { return this.find(r => r.id === id)[0] ?? null; }
  count() { return this.rows.length; }
}
class CachedRepository extends Repository {
  cache = {};
  byId(id) {
    if (!(id in this.cache)) this.cache[id] = super.byId(id);
    return this.cache[id];
  }
}
const repo = new CachedRepository([{ id: 1, n: 'a' }, { id: 2, n: 'b' }]);
repo.byId(1); repo.byId(1); repo.byId(2); repo.byId(3);
return { queries: repo.queries, cached: Object.keys(repo.cache), total: repo.count() };
