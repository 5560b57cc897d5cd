type Row = { id: number; name: string };
class Repo<T extends { id: number }> {
  private items: T[] = [];
  add(item: T): this { this.items.push(item); return this; }
  get(id: number): T | undefined { return this.items.find(i => i.id === id); }
  all<K extends keyof T>(key: K): T[K][] { return this.items.map(i => i[key]); }
}
class NamedRepo extends Repo<Row> {
  names(): string[] { return super.all('name'); }
}
const r = new NamedRepo().add({ id: 1, name: 'a' }).add({ id: 2, name: 'b' });
return { one: r.get(2)?.name, names: r.names(), ids: r.all<'id'>('id') };
