//! Criterion benches over the benchmark programs (fixtures/bench/*.lua), end to end:
//! compile, run to completion, convert the result.

use criterion::{criterion_group, criterion_main, Criterion};

use codemode_core::{CompileOptions, Interpreter, StartOptions, StepState};
use codemode_lua::LuaInterpreter;

const BENCH_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/bench");

fn run(interp: &LuaInterpreter, src: &str) -> serde_json::Value {
    let mut exec = interp
        .compile(src, &CompileOptions::default())
        .expect("bench program compiles")
        .start(StartOptions::default());
    loop {
        match exec.step(10_000_000).state {
            StepState::Done(c) => return c.value,
            StepState::Failed(d) => panic!("bench program failed: {d:?}"),
            _ => {}
        }
    }
}

fn programs(c: &mut Criterion) {
    let interp = LuaInterpreter::new();
    let mut group = c.benchmark_group("lua");
    group.sample_size(10);
    for name in ["startup", "fib", "loop", "records", "strings"] {
        let path = format!("{BENCH_DIR}/{name}.lua");
        let src =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
        group.bench_function(name, |b| b.iter(|| run(&interp, &src)));
    }
    group.finish();
    c.bench_function("lua/one_line_end_to_end", |b| {
        b.iter(|| run(&interp, "return { ok = true }"))
    });
}

criterion_group!(benches, programs);
criterion_main!(benches);
