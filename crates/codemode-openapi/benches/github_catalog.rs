//! The catalog GitHub's REST description becomes: construction, the heap it keeps (tools,
//! index, signature caches after a realistic session of searches), and search times: the
//! first run of each search (which renders the signatures its page shows), exact paths of the
//! largest tools on a fresh catalog, and every search after `Catalog::prerender`. Times are
//! the thread's CPU time, so a loaded machine does not inflate them. Targets: one search
//! under 1 ms, the catalog under 50 MiB.

use codemode_catalog::{
    signature, Catalog, Namespace, RenderOptions, SearchRequest, SignatureForm,
};
use codemode_core::Language;
use codemode_openapi::{from_spec, OpenApiOptions};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Duration;

mod support;
use support::{live_bytes, GITHUB};

/// What a model looking for GitHub tools might ask: words, exact paths, namespaces, pages.
const QUERIES: &[(&str, Option<&str>, usize)] = &[
    ("list pull requests", None, 0),
    ("create an issue", None, 0),
    ("repos.get", None, 0),
    ("get a repository", None, 0),
    ("update repository settings", None, 0),
    ("workflow runs", None, 0),
    ("delete branch protection", None, 0),
    ("merge a pull request", None, 0),
    ("list commits", None, 0),
    ("create a release", None, 0),
    ("search code", None, 0),
    ("search repositories", None, 0),
    ("gists", None, 0),
    ("add labels to an issue", None, 0),
    ("review comments", None, 0),
    ("check runs", None, 0),
    ("code scanning alerts", None, 0),
    ("dependabot secrets", None, 0),
    ("organization members", None, 0),
    ("team repositories", None, 0),
    ("webhooks deliveries", None, 0),
    ("create a fork", None, 0),
    ("star a repository", None, 0),
    ("notifications", None, 0),
    ("user emails", None, 0),
    ("copilot seats", None, 0),
    ("deployments environments", None, 0),
    ("git refs", None, 0),
    ("create tree", None, 0),
    ("pages builds", None, 0),
    ("projects columns", None, 0),
    ("reactions", None, 0),
    ("codespaces", None, 0),
    ("migrations", None, 0),
    ("rate limit", None, 0),
    ("packages versions", None, 0),
    ("secret scanning", None, 0),
    ("security advisories", None, 0),
    ("", Some("repos"), 0),
    ("", Some("repos"), 10),
    ("", Some("pulls"), 0),
    ("", Some("issues"), 0),
    ("", None, 0),
    ("", None, 40),
    ("list", Some("actions"), 0),
    ("get", Some("orgs"), 0),
    ("pulls.get", None, 0),
    ("repos.update", None, 0),
    ("issues.get", None, 0),
    ("repos.create-in-org", None, 0),
];

fn catalog(c: &mut Criterion) {
    let mib = |b: usize| b as f64 / (1024.0 * 1024.0);
    let base = live_bytes();
    let text = std::fs::read_to_string(GITHUB).expect("github-api.json is readable");
    let conversion = from_spec(&text, OpenApiOptions::default()).expect("converts");
    drop(text);
    let tools_heap = live_bytes().saturating_sub(base);
    let namespaces: Vec<Namespace> = conversion
        .namespaces
        .iter()
        .map(|(p, d)| Namespace::new(p.clone(), d.clone()))
        .collect();
    let tools = conversion.tools;
    let (catalog, construction) =
        timed(|| Catalog::new(tools.clone(), namespaces.clone()).expect("builds"));
    drop(tools);
    let fresh =
        || Catalog::new(catalog.tools().cloned().collect(), namespaces.clone()).expect("builds");
    let built_heap = live_bytes().saturating_sub(base);
    let js = RenderOptions::default();
    let lua = RenderOptions {
        language: Language::Lua,
        ..RenderOptions::default()
    };

    // A session: every query once on the fresh catalog, in JavaScript then Lua. Each search
    // renders (and caches) the signatures of the tools it shows for the first time.
    let mut cold: Vec<(Duration, String)> = Vec::new();
    for (opts, lang) in [(&js, "js"), (&lua, "lua")] {
        for (query, namespace, offset) in QUERIES {
            let req = request(query, *namespace, *offset);
            let (page, took) = timed(|| catalog.search(&req, opts).expect("searches"));
            cold.push((took, format!("{lang} {query:?} {namespace:?} {offset}")));
            black_box(page);
        }
    }
    let session_heap = live_bytes().saturating_sub(base);
    cold.sort();
    println!(
        "github catalog: {} tools; heap kept: {:.1} MiB by the tools, {:.1} MiB with the catalog \
         and its index, {:.1} MiB after {} searches (with their cached signatures)",
        catalog.len(),
        mib(tools_heap),
        mib(built_heap),
        mib(session_heap),
        cold.len()
    );
    println!("github catalog: Catalog::new (schema checks and index) {construction:.0?} CPU");
    println!(
        "github catalog: first run of each search (CPU): median {:.2?}, 90th percentile {:.2?}, \
         max {:.2?} ({})",
        cold[cold.len() / 2].0,
        cold[cold.len() * 9 / 10].0,
        cold[cold.len() - 1].0,
        cold[cold.len() - 1].1
    );
    for (took, what) in cold.iter().rev().take(5) {
        println!("github catalog:   slowest first runs: {took:.2?} {what}");
    }

    // The tools with the largest signatures, searched by exact path on a fresh catalog.
    let mut sizes: Vec<(usize, String)> = catalog
        .tools()
        .map(|t| {
            (
                signature(t, &js, SignatureForm::Full).len(),
                t.path().dotted(),
            )
        })
        .collect();
    sizes.sort_by(|a, b| b.cmp(a));
    let largest: Vec<String> = sizes.iter().take(10).map(|(_, p)| p.clone()).collect();
    let cold_catalog = fresh();
    for (opts, lang) in [(&js, "js"), (&lua, "lua")] {
        let mut times = Vec::new();
        for path in &largest {
            let (page, took) = timed(|| {
                cold_catalog
                    .search(&SearchRequest::query(path.clone()), opts)
                    .expect("searches")
            });
            black_box(page);
            times.push(took);
        }
        println!(
            "github catalog: exact-path search of the 10 largest tools ({} bytes and less), \
             {lang}, uncached: max (CPU) {:.2?}",
            sizes[0].0,
            times.iter().max().copied().unwrap_or_default()
        );
    }
    drop(cold_catalog);

    // Prerendered: every full signature rendered before the first search.
    let warm = fresh();
    let before = live_bytes();
    let ((), prerender) = timed(|| warm.prerender(&js));
    let prerender_heap = live_bytes().saturating_sub(before);
    let mut times = Vec::new();
    for (query, namespace, offset) in QUERIES {
        let req = request(query, *namespace, *offset);
        let (page, took) = timed(|| warm.search(&req, &js).expect("searches"));
        black_box(page);
        times.push(took);
    }
    for path in &largest {
        let req = SearchRequest::query(path.clone());
        let (page, took) = timed(|| warm.search(&req, &js).expect("searches"));
        black_box(page);
        times.push(took);
    }
    times.sort();
    println!(
        "github catalog: prerender(js) {prerender:.0?}, {:.1} MiB; then every search above: \
         median {:.0?}, max {:.0?}",
        mib(prerender_heap),
        times[times.len() / 2],
        times[times.len() - 1]
    );
    drop(warm);

    let mut group = c.benchmark_group("catalog");
    group.bench_function("github_search_words_cached", |b| {
        let req = SearchRequest::query("list pull requests");
        b.iter(|| catalog.search(black_box(&req), &js).expect("searches"))
    });
    group.bench_function("github_search_exact_cached", |b| {
        let req = SearchRequest::query("repos.get");
        b.iter(|| catalog.search(black_box(&req), &js).expect("searches"))
    });
    let biggest = catalog.lookup_dotted(&largest[0]).expect("exists");
    group.bench_function("github_render_largest_full_js", |b| {
        b.iter(|| signature(black_box(biggest), &js, SignatureForm::Full))
    });
    group.bench_function("github_render_largest_full_lua", |b| {
        b.iter(|| signature(black_box(biggest), &lua, SignatureForm::Full))
    });
    group.finish();
}

/// CPU time of this thread: what a search costs, without the time a loaded machine keeps the
/// thread waiting.
#[allow(unsafe_code)]
fn cpu_now() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid timespec for the call to fill.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0;
    if ok {
        Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
    } else {
        Duration::ZERO
    }
}

/// Runs `f`, returning its result and the CPU time it took.
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = cpu_now();
    let out = f();
    (out, cpu_now().saturating_sub(start))
}

fn request(query: &str, namespace: Option<&str>, offset: usize) -> SearchRequest {
    SearchRequest {
        query: query.to_owned(),
        namespace: namespace.map(str::to_owned),
        limit: None,
        offset,
    }
}

criterion_group!(benches, catalog);
criterion_main!(benches);
