function* parse(lines) {
  for (const line of lines) {
    try {
      yield JSON.parse(line);
    } catch (e) {
      yield { error: e.constructor.name };
    }
  }
}
const it = parse(['{"a":1}', 'nope', '[2]']);
return [it.next().value, it.next().value, it.next().value, it.next().done];
