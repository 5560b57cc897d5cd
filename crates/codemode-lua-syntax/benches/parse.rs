//! Parser throughput: a one-line program (the per-execution floor) and the benchmark
//! programs.

use codemode_lua_syntax::{parse, ParseLimits};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let limits = ParseLimits::default();
    c.bench_function("parse one line", |b| {
        b.iter(|| parse(black_box("return 1 + 2"), &limits).map(drop))
    });
    c.bench_function("parse agent program", |b| {
        let src = include_str!("../tests/fixtures/agent.lua");
        b.iter(|| parse(black_box(src), &limits).map(drop))
    });
    c.bench_function("parse all_constructs", |b| {
        let src = include_str!("../tests/fixtures/all_constructs.lua");
        b.iter(|| parse(black_box(src), &limits).map(drop))
    });
}

criterion_group!(parse_benches, benches);
criterion_main!(parse_benches);
