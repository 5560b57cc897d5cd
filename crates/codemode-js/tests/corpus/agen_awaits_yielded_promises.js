async function* g() {
  yield Promise.resolve('resolved value');
  const x = yield new Promise((res) => Promise.resolve().then(() => res('later')));
  return Promise.resolve('returned ' + x);
}
const it = g();
return [await it.next(), await it.next(), await it.next('sent'), await it.next()];
