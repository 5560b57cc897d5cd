class User {
  #password = 'hunter2';
  #id;
  constructor(id, name) { this.#id = id; this.name = name; }
  get id() { return this.#id; }
  toJSON() { return { id: this.#id, name: this.name }; }
  check(p) { return p === this.#password; }
}
const users = [new User(1, 'ann'), new User(2, 'bob')];
return { users, checks: users.map(u => u.check('hunter2')), spread: { ...users[0] }, assigned: Object.assign({}, users[1]), entries: Object.entries(users[0]) };
