//! Prints the time of one run of each benchmark program (fixtures/bench) (quick look, not criterion).
use codemode_core::{CompileOptions, Interpreter, StartOptions, StepState, VmLimits};
use codemode_js::JsInterpreter;
use std::time::Instant;

fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/bench");
    let interp = JsInterpreter::new();
    let options = CompileOptions {
        limits: VmLimits {
            max_frames: 10_000,
            ..VmLimits::default()
        },
        ..CompileOptions::default()
    };
    let only = std::env::args().nth(1);
    for name in ["startup", "fib", "loop", "records", "strings"] {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let path = format!("{dir}/{name}.js");
        let src =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
        let runs = if name == "startup" { 10_000 } else { 1 };
        let t = Instant::now();
        let mut value = None;
        for _ in 0..runs {
            let program = interp.compile(&src, &options).expect("compiles");
            let mut exec = program.start(StartOptions::default());
            loop {
                match exec.step(10_000_000).state {
                    StepState::Running => {}
                    StepState::Done(c) => {
                        value = Some(c.value);
                        break;
                    }
                    other => panic!("{name}: {other:?}"),
                }
            }
        }
        let per = t.elapsed() / runs;
        let v = value.map(|v| v.to_string()).unwrap_or_default();
        println!("{name:8} {per:>12?}  {}", &v[..v.len().min(60)]);
    }
}
