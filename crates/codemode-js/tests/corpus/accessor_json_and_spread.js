let calls = 0;
const user = { first: 'Ada', last: 'Lovelace', get full() { calls++; return this.first + ' ' + this.last; } };
const copy = { ...user, extra: true };
const { first, ...rest } = user;
const json = JSON.stringify(user);
const assigned = Object.assign({}, user);
return { copy, rest, json, assigned, values: Object.values(user), entries: Object.entries(user), calls, copyDesc: typeof Object.getOwnPropertyDescriptor(copy, 'full').value };
