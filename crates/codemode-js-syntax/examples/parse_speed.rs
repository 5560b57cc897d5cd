//! Rough parse timings (not a benchmark harness): `cargo run --release --example parse_speed`.
use std::time::Instant;

fn time(label: &str, source: &str, iters: u32) {
    let limits = codemode_js_syntax::ParseLimits::default();
    codemode_js_syntax::parse(source, &limits).expect("parses");
    let start = Instant::now();
    for _ in 0..iters {
        let p = codemode_js_syntax::parse(source, &limits).expect("parses");
        std::hint::black_box(p);
    }
    let per = start.elapsed() / iters;
    println!("{label:>12}: {per:?} per parse ({} bytes)", source.len());
}

fn main() {
    time("one line", "return 1 + 2", 100_000);
    time("one line;", "return 1 + 2;", 100_000);
    time("ident;", "x;", 100_000);
    time("empty", "", 100_000);
    time(
        "call;",
        "const r = await tools.crm.search({ q: \"x\", limit: 10 }); return r.items.map(i => i.id);",
        50_000,
    );
    time("obj;", "x = { q: \"x\", limit: 10 };", 50_000);
    time("arrow;", "x = i => i.id;", 50_000);
    time("member;", "x = a.b.c;", 50_000);
    time(
        "call",
        "const r = await tools.crm.search({ q: \"x\", limit: 10 }); return r.items.map(i => i.id)",
        50_000,
    );
    let asi = "a = 1\nb = 2\nc = a + b\nf(c)\n".repeat(50);
    time("ASI x200", &asi, 2_000);
    for name in ["fib", "loop", "records", "startup", "strings"] {
        let path = format!(
            "{}/../../fixtures/bench/{name}.js",
            env!("CARGO_MANIFEST_DIR")
        );
        let source =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
        time(name, &source, 5_000);
    }
    // A large program: every codemode-js corpus program, each as an async function.
    let dir = format!("{}/../codemode-js/tests/corpus", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {dir}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "js"))
        .collect();
    files.sort();
    let mut large = String::new();
    for (i, path) in files.iter().enumerate() {
        let source = std::fs::read_to_string(path).unwrap_or_default();
        if codemode_js_syntax::parse(&source, &Default::default()).is_ok() {
            large.push_str(&format!("async function p{i}() {{\n{source}\n}}\n"));
        }
    }
    time("corpus", &large, 200);
}
