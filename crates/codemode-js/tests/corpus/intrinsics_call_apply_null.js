const call = Function.prototype.call, apply = Function.prototype.apply;
try {
  Function.prototype.call = null;
  Function.prototype.apply = null;
  const a = [3, 1, 2];
  let each = 0;
  a.forEach(x => { each += x; });
  const r = [each, a.map(x => x * 2), a.filter(x => x > 1), a.reduce((s, x) => s + x, 0), a.reduceRight((s, x) => s + x, ""), a.find(x => x === 1),
    a.findIndex(x => x === 2), a.findLast(x => x > 0), a.findLastIndex(x => x > 5), a.some(x => x > 2), a.every(x => x > 0), a.toSorted((x, y) => y - x), [...a].sort(),
    Array.from({length: 3}, (_, i) => i * i), a.flatMap(x => [x, x]), JSON.stringify({a: 1, t: {toJSON(k) { return "T" + k; }}}),
    JSON.stringify({a: [1, 2]}, (k, v) => typeof v === "number" ? v + 1 : v), JSON.parse('{"a":1,"b":[2]}', (k, v) => typeof v === "number" ? v * 10 : v),
    "a-b".replace("-", () => "+"), 1 + {valueOf() { return 41; }}, `${{toString() { return "ts"; }}}`];
  r.push(await Promise.all([1, Promise.resolve(2), tools.t.echo({x: 3})]));
  r.push((await Promise.allSettled([Promise.reject(new Error("e")), 1])).map(s => s.status));
  r.push(await Promise.race([Promise.resolve("r")]));
  r.push(await Promise.any([Promise.reject(1), Promise.resolve("any")]));
  r.push(await Promise.resolve(5).finally(() => 0));
  return r;
} finally { Function.prototype.call = call; Function.prototype.apply = apply; }
