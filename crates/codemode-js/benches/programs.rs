//! Runs the benchmark programs (fixtures/bench/*.js) end to end in-process.
use codemode_core::{CompileOptions, Interpreter, StartOptions, StepState, VmLimits};
use codemode_js::JsInterpreter;
use criterion::{criterion_group, criterion_main, Criterion};

const BENCH_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/bench");

fn run(interp: &JsInterpreter, src: &str, options: &CompileOptions) {
    let program = interp.compile(src, options).expect("compiles");
    let mut exec = program.start(StartOptions::default());
    loop {
        match exec.step(1_000_000).state {
            StepState::Running => {}
            StepState::Done(_) => return,
            other => panic!("unexpected state {other:?}"),
        }
    }
}

fn programs(c: &mut Criterion) {
    let interp = JsInterpreter::new();
    let options = CompileOptions {
        limits: VmLimits {
            max_frames: 10_000,
            ..VmLimits::default()
        },
        ..CompileOptions::default()
    };
    let mut group = c.benchmark_group("js");
    group.sample_size(10);
    for name in ["startup", "fib", "loop", "records", "strings"] {
        let path = format!("{BENCH_DIR}/{name}.js");
        let src =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
        group.bench_function(name, |b| b.iter(|| run(&interp, &src, &options)));
    }
    group.finish();
}

criterion_group!(benches, programs);
criterion_main!(benches);
