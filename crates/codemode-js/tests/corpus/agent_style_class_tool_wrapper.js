class UserService {
  constructor(client) { this.client = client; this.calls = 0; }
  async get(id) { this.calls++; const r = await this.client.users.get({ id }); return { id, path: r.path }; }
  async getMany(ids) { return Promise.all(ids.map(id => this.get(id))); }
}
const svc = new UserService(tools);
const users = await svc.getMany(['a', 'b']);
return { users, calls: svc.calls };
