// A tagged template's strings array is made once per site: the same frozen object each time
// the site runs (libraries cache their parsed template by it), with a frozen `raw`.
let compiled = 0;
const cache = new Map();
function sql(strings, ...values) {
  let plan = cache.get(strings);
  if (!plan) {
    compiled++;
    plan = strings.join('?');
    cache.set(strings, plan);
  }
  return { plan, values };
}
const queries = [];
for (const id of [1, 2, 3]) queries.push(sql`select * from users where id = ${id}`);
const other = sql`select * from users where id = ${4}`;
const seen = [];
const tag = (s) => s;
const site = () => tag`a${0}b\n`;
const first = site(), second = site();
seen.push(first === second, first === tag`a${0}b\n`);
seen.push(Object.isFrozen(first), Object.isFrozen(first.raw), Array.isArray(first.raw));
const d = Object.getOwnPropertyDescriptor(first, 'raw');
seen.push(d.writable, d.enumerable, d.configurable, Object.keys(first).join());
const makers = [1, 2].map(() => (x) => tag`x${x}`);
seen.push(makers[0](1) === makers[1](2));
return { compiled, plans: queries.map(q => q.plan), values: queries.map(q => q.values[0]), other: other.plan, seen, raw: first.raw };
