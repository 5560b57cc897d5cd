const client = {
  calls: 0,
  get user() { this.calls++; return tools.users.get({ id: this.calls }); },
};
const a = await client.user;
const b = await client.user;
const both = await Promise.all([client.user, client.user]);
return { a: a.input, b: b.input, both: both.map(x => x.input.id), calls: client.calls };
