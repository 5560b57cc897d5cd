// Reads a JSON list of [pattern, flags, subject] from stdin; prints, for each, node's
// first match (index, captures, named groups) or its SyntaxError message.
let input = "";
process.stdin.on("data", (d) => (input += d));
process.stdin.on("end", () => {
  const out = JSON.parse(input).map(([p, f, s]) => {
    let re;
    try {
      re = new RegExp(p, f);
    } catch (e) {
      return { error: e.message };
    }
    const m = re.exec(s);
    if (m === null) return null;
    // Code units, not strings: a capture may split a surrogate pair.
    const byUnit = (x) => (x === undefined ? null : [...Array(x.length).keys()].map((i) => x.charCodeAt(i)));
    const groups = m.groups === undefined ? null : Object.fromEntries(Object.entries(m.groups).map(([k, v]) => [k, byUnit(v)]));
    return { index: m.index, caps: [...m].map(byUnit), groups };
  });
  process.stdout.write(JSON.stringify(out));
});
