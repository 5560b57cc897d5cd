const raw = await tools.crm.contacts({ limit: 3 });
const contacts = [
  { first: 'Ada', last: 'Lovelace', email: 'ADA@EXAMPLE.COM', visits: 4 },
  { first: 'Alan', last: 'Turing', email: 'alan@example.com', visits: 0 },
].map(c => ({
  ...c,
  get name() { return `${this.first} ${this.last}`; },
  get email_normalized() { return this.email.toLowerCase(); },
  get active() { return this.visits > 0; },
}));
const active = contacts.filter(c => c.active).map(c => c.name);
return { source: raw.path, active, rows: contacts.map(({ name, email_normalized }) => ({ name, email_normalized })), full: contacts[0] };
