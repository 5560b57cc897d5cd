function* ids(prefix) {
  let n = 0;
  const make = () => `${prefix}-${++n}`;
  while (true) {
    const reset = yield make();
    if (reset) n = 0;
  }
}
const a = ids('a'), b = ids('b');
return [a.next().value, a.next().value, b.next().value, a.next(true).value, a.next().value, b.next().value];
