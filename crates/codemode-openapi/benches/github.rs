//! Converting GitHub's REST API description (1,223 operations) into tools.
//! Target: under 300 ms per conversion, parsing included.

use codemode_openapi::{from_spec, Document, OpenApiOptions};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

mod support;
use support::{live_bytes, GITHUB};

fn github(c: &mut Criterion) {
    let text = std::fs::read_to_string(GITHUB).expect("github-api.json is readable");
    let before = live_bytes();
    let conversion = from_spec(&text, OpenApiOptions::default()).expect("converts");
    let kept = live_bytes().saturating_sub(before);
    println!(
        "github: {} tools, {} skipped, the conversion keeps {:.1} MiB of heap",
        conversion.tools.len(),
        conversion.skipped.len(),
        kept as f64 / (1024.0 * 1024.0)
    );
    drop(conversion);
    // CPU time of a few conversions, which a loaded machine does not inflate like wall time.
    let cpu_before = cpu_seconds();
    let runs = 5;
    for _ in 0..runs {
        black_box(from_spec(&text, OpenApiOptions::default()).expect("converts"));
    }
    if let (Some(a), Some(b)) = (cpu_before, cpu_seconds()) {
        println!(
            "github: {:.0} ms of CPU per conversion",
            (b - a) * 1000.0 / runs as f64
        );
    }
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

/// User + system CPU seconds of this thread (Linux), from /proc.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let after_name = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // Fields 14 and 15 of stat(5), counted after the name (which ends field 2).
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

criterion_group!(benches, github);
criterion_main!(benches);
