//! Converting GitHub's REST API description (1,223 operations) into tools.
//! Target: under 300 ms per conversion, parsing included.

use codemode_openapi::{from_spec, Document, OpenApiOptions};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

const GITHUB: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/openapi/github-api.json"
);

fn github(c: &mut Criterion) {
    let text = std::fs::read_to_string(GITHUB).expect("github-api.json is readable");
    let mut group = c.benchmark_group("openapi");
    group.sample_size(10);
    group.bench_function("github_from_spec", |b| {
        b.iter(|| from_spec(black_box(&text), OpenApiOptions::default()).expect("converts"))
    });
    group.bench_function("github_parse_only", |b| {
        b.iter(|| Document::parse(black_box(&text)).expect("parses"))
    });
    let document = Document::parse(&text).expect("parses");
    group.bench_function("github_convert_parsed", |b| {
        b.iter(|| {
            codemode_openapi::convert(black_box(&document), OpenApiOptions::default())
                .expect("converts")
        })
    });
    group.finish();
}

criterion_group!(benches, github);
criterion_main!(benches);
