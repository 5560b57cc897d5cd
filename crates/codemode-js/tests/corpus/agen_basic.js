async function* ticks(n) {
  for (let i = 0; i < n; i++) {
    await null;
    yield i * 10;
  }
  return 'done';
}
const it = ticks(3);
const out = [];
for (let i = 0; i < 5; i++) out.push(await it.next());
return out;
