//! Whole programs: every benchmark program in fixtures/bench parses, and so does an
//! agent-style corpus.

use std::path::Path;

use codemode_core::DiagnosticKind;
use codemode_js_syntax::{parse, ParseLimits};

/// Benchmark programs that use what the parser refuses today, with the refusal expected.
const REFUSED_FOR_NOW: &[(&str, &str)] = &[];

#[test]
fn bench_programs_parse() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/bench");
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("benchmark programs expected in {}: {e}", dir.display()));
    let mut parsed = 0;
    let mut refused = 0;
    for entry in entries {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "js") {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let source = std::fs::read_to_string(&path).unwrap();
        let result = parse(&source, &ParseLimits::default());
        match REFUSED_FOR_NOW.iter().find(|(file, _)| *file == name) {
            Some((_, message)) => {
                let d = match result {
                    Ok(_) => panic!("{name} parses now: remove it from REFUSED_FOR_NOW"),
                    Err(d) => d,
                };
                assert_eq!(d.kind, DiagnosticKind::UnsupportedSyntax, "{name}: {d:?}");
                assert!(d.message.contains(message), "{name}: {d:?}");
                assert!(d.location.is_some(), "{name}: refused without a location");
                refused += 1;
            }
            None => {
                result.unwrap_or_else(|d| panic!("{}: {d:?}", path.display()));
                parsed += 1;
            }
        }
    }
    assert!(
        parsed >= 5 && refused == REFUSED_FOR_NOW.len(),
        "expected the benchmark programs in {}, found {parsed} parsed and {refused} refused",
        dir.display()
    );
}

const AGENT_PROGRAMS: &[&str] = &[
    r#"
const [users, orders] = await Promise.all([
  tools.crm.listUsers({ limit: 100 }),
  tools.shop.listOrders({ since: "2024-01-01" }),
]);
const byUser = Object.groupBy(orders.items, (o) => o.userId);
return users.items
  .map((u) => ({ id: u.id, name: `${u.first} ${u.last}`, spent: (byUser[u.id] ?? []).reduce((s, o) => s + o.total, 0) }))
  .filter(({ spent }) => spent > 0)
  .sort((a, b) => b.spent - a.spent)
  .slice(0, 10)
"#,
    r#"
async () => {
  const results = [];
  for (const id of ["a", "b", "c"]) {
    try {
      const r = await tools.api.get({ id });
      if (!r?.ok) continue;
      results.push({ id, value: r.data?.value ?? null });
    } catch (err) {
      console.warn(`failed ${id}: ${err.message}`);
    } finally {
      console.log("done", id);
    }
  }
  return { count: results.length, results };
}
"#,
    r#"
import { readFile } from "node:fs/promises";
const text = await readFile("data.json", "utf8");
const data = JSON.parse(text);
let total = 0, n = 0;
for (const k in data) {
  if (!Object.hasOwn(data, k)) continue;
  total += data[k].amount | 0;
  n++;
}
const avg = n ? total / n : 0;
switch (true) {
  case avg > 100: return "high";
  case avg > 10: return "medium";
  default: return "low";
}
"#,
    r#"
const counter = { n: 0, inc() { this.n++; return this }, async later(ms = 0) { await null; return this.n } };
const { n, ...restOfIt } = counter.inc().inc();
const fns = [x => x + 1, (x, y = 2) => x * y, async function named(...xs) { return xs.length }];
label: for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) { if (j === 1) continue label; if (i === 2) break label }
do { var k = (k ?? 0) + 1 } while (k < 3)
const s = String.raw`a\nb${n}` + "\u{1F600}";
x = typeof undefinedThing === "undefined" ? void 0 : null;
return [n, restOfIt, fns.length, k, s, 2 ** 10, -(2 ** 2), 7 % 3, 1 << 4 >>> 1]
"#,
];

#[test]
fn agent_style_programs_parse() {
    for source in AGENT_PROGRAMS {
        parse(source, &ParseLimits::default()).unwrap_or_else(|d| panic!("{source}\n{d:?}"));
    }
}
