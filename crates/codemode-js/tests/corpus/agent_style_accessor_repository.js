class Repository {
  constructor(name) { this.name = name; this.rows = []; this.calls = 0; }
  async load(ids) {
    for (const id of ids) {
      const r = await tools.db.get({ table: this.name, id });
      this.calls++;
      this.rows.push({ id, path: r.path });
    }
    return this;
  }
  get count() { return this.rows.length; }
  get ids() { return this.rows.map(r => r.id); }
  get summary() { return { table: this.name, count: this.count, calls: this.calls }; }
}
const users = await new Repository('users').load([3, 1, 2]);
return { summary: users.summary, ids: users.ids, repo: users };
