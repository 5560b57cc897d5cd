// Log lines in two shapes; each shape fills its own named groups, the other's stay undefined.
const re = /^(?<ts>\d{2}:\d{2}) (?:ERROR (?<code>E\d+)|WARN (?<warn>\w+))(?: \[(?<tag>\w+)\])?$/d;
const lines = ["10:01 ERROR E42 [db]", "10:02 WARN slow", "10:03 INFO skipped"];
const parsed = lines.map((line) => {
  const m = re.exec(line);
  if (!m) return null;
  const g = m.groups;
  return {
    keys: Object.keys(g),
    undefinedKeys: Object.keys(g).filter((k) => g[k] === undefined),
    tagAt: m.indices.groups.tag ?? "none",
    summary: line.replace(re, "$<ts>|$<code>|$<warn>|$<tag>|$<nope>"),
  };
});
const fn = lines.map((l) => l.replace(re, (...args) => JSON.stringify(args.at(-1))));
return { parsed, fn };
