//! Whole programs: every benchmark program in ../shared/bench parses, and so does an
//! agent-style corpus.

use std::path::Path;

use codemode_js_syntax::{parse, ParseLimits};

#[test]
fn shared_bench_programs_parse() {
    // The benchmark programs live beside the repository (/work/shared/bench) when the
    // workspace is checked out in /work/main; CODEMODE_BENCH_DIR overrides the place.
    let dir = std::env::var("CODEMODE_BENCH_DIR").unwrap_or_else(|_| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/bench")
            .to_string_lossy()
            .into_owned()
    });
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("benchmark programs expected in {dir}: {e}"));
    let mut count = 0;
    for entry in entries {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "js") {
            let source = std::fs::read_to_string(&path).unwrap();
            parse(&source, &ParseLimits::default())
                .unwrap_or_else(|d| panic!("{}: {d:?}", path.display()));
            count += 1;
        }
    }
    assert!(
        count >= 5,
        "expected the benchmark programs in {dir}, found {count}"
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
