function makeClient(token) {
  return new (class Client {
    constructor() { this.calls = []; }
    call(name, args) { this.calls.push({ name, args, auth: token.slice(0, 3) }); return this; }
  })();
}
const c = makeClient('secret-token').call('search', { q: 'x' }).call('fetch', { id: 1 });
return c.calls;
