function* dialog() {
  const name = yield 'name?';
  const age = yield `hello ${name}, age?`;
  return { name, age };
}
const g = dialog();
return [g.next('ignored'), g.next('Ada'), g.next(36), g.next()];
