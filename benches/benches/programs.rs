//! End to end through the facade (parse, compile, run, convert the result), one runtime per
//! language built once as a host would: `startup` is the per-execution overhead, the others
//! are the shared workloads. Before measuring, each program must succeed and give the same
//! value in both languages, so a broken interpreter cannot produce a fast figure.

use std::hint::black_box;

use codemode::Language;
use codemode_benches::{program, run_once, runtime, tokio_runtime, PROGRAMS};
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};

fn programs(c: &mut Criterion) {
    let rt = tokio_runtime();
    let lua = runtime(Language::Lua).unwrap_or_else(|e| panic!("Lua runtime: {e}"));
    let js = runtime(Language::JavaScript).unwrap_or_else(|e| panic!("JS runtime: {e}"));
    let engines = [(Language::Lua, &lua), (Language::JavaScript, &js)];
    for name in PROGRAMS {
        let mut sources = Vec::new();
        let mut values = Vec::new();
        for (language, codemode) in engines {
            let source = program(name, language).unwrap_or_else(|e| panic!("{e}"));
            let value = run_once(&rt, codemode, &source)
                .unwrap_or_else(|e| panic!("{name} in {language} failed: {e}"));
            sources.push(source);
            values.push(value);
        }
        assert_eq!(values[0], values[1], "{name}: Lua and JS disagree");

        let mut group = c.benchmark_group(name);
        if name != "startup" {
            // Each run takes tens to hundreds of milliseconds: few samples of equal size.
            group.sample_size(10);
            group.sampling_mode(SamplingMode::Flat);
        }
        for ((language, codemode), source) in engines.into_iter().zip(&sources) {
            group.bench_function(language.short_name(), |b| {
                b.iter(|| black_box(rt.block_on(codemode.execute(black_box(source)))))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, programs);
criterion_main!(benches);
