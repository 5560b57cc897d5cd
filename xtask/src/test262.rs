//! `cargo xtask test262 --dir PATH [--filter SUBSTR] [--update] [--failures FILE]`
//!
//! Runs tc39/test262 (a checkout at PATH, never committed here) through codemode-js and keeps
//! pass counts per directory in `docs/test262.txt`, the idea of oxc's coverage snapshots: a
//! regression shows as a diff. Without `--update` the run is compared with that file and
//! fails when a directory passes fewer tests than recorded.
//!
//! Only `test/language` and the built-in directories codemode implements are run; tests that
//! need a feature outside codemode's JavaScript subset (issue 4) are skipped, not failed.
//! Each test is the harness (`assert.js`, `sta.js`, its `includes`, `doneprintHandle.js` for
//! async tests) plus the test body, compiled and stepped through the `codemode_core` traits
//! with tight fuel, memory and wall-time bounds, inside `catch_unwind`.

use codemode_core::{
    CompileOptions, DiagnosticKind, HostError, HostOutcome, Interpreter, StartOptions, StepState,
    VmLimits,
};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The committed snapshot, relative to the workspace root.
const SNAPSHOT: &str = "docs/test262.txt";

/// Built-in directories (under `test/built-ins`) codemode implements. A prefix selects a
/// whole subtree; everything else under `built-ins` is skipped as absent.
const BUILT_INS: &[&str] = &[
    "AggregateError",
    "Array",
    "BigInt",
    "Boolean",
    "Date",
    "Error",
    "decodeURI",
    "decodeURIComponent",
    "encodeURI",
    "encodeURIComponent",
    "Function/prototype/apply",
    "Function/prototype/bind",
    "Function/prototype/call",
    "GeneratorPrototype",
    "AsyncGeneratorPrototype",
    "Infinity",
    "Iterator",
    "JSON",
    "Map",
    "Math",
    "NaN",
    "NativeErrors",
    "Number",
    "Object",
    "Promise",
    "RegExp",
    "Set",
    "String",
    "Symbol",
    "WeakMap",
    "WeakSet",
    "global",
    "isFinite",
    "isNaN",
    "parseFloat",
    "parseInt",
    "undefined",
];

/// Directories under `test/language` whose subject is outside the subset (modules, `with`,
/// `eval`, explicit resource management).
const LANGUAGE_SKIPPED_DIRS: &[&str] = &[
    "eval-code",
    "export",
    "expressions/dynamic-import",
    "expressions/import.meta",
    "import",
    "module-code",
    "statements/await-using",
    "statements/using",
    "statements/with",
];

/// test262 feature tags outside codemode's subset. A tag matches exactly, or by prefix when
/// it ends in `*`.
const UNSUPPORTED_FEATURES: &[&str] = &[
    // decorators
    "decorators",
    "Array.fromAsync",
    // reflection
    "symbols-as-weakmap-keys",
    "Proxy",
    "proxy-missing-checks",
    "Reflect*",
    "__proto__",
    "__getter__",
    "__setter__",
    "IsHTMLDDA",
    "caller",
    "cross-realm",
    "ShadowRealm",
    // regular expressions: the legacy static properties (`RegExp.$1`) and ES2026's escape
    "legacy-regexp",
    "RegExp.escape",
    // collections, binary data, concurrency, memory
    "upsert",
    "WeakRef",
    "FinalizationRegistry",
    "host-gc-required",
    "TypedArray*",
    "Float16Array",
    "Float32Array",
    "Float64Array",
    "Int8Array",
    "Int16Array",
    "Int32Array",
    "Uint8Array",
    "Uint8ClampedArray",
    "Uint16Array",
    "Uint32Array",
    "uint8array-base64",
    "ArrayBuffer",
    "arraybuffer-transfer",
    "resizable-arraybuffer",
    "immutable-arraybuffer",
    "align-detached-buffer-semantics-with-web-reality",
    "DataView*",
    "Atomics*",
    "SharedArrayBuffer",
    "stable-typedarray-sort",
    // dates, internationalisation
    "Temporal",
    "Intl*",
    "intl-normative-optional",
    "canonical-tz",
    "Math.sumPrecise",
    // modules
    "dynamic-import",
    "import-attributes",
    "import-defer",
    "export-defer",
    "import-text",
    "import-bytes",
    "import.meta",
    "json-modules",
    "source-phase-imports*",
    "top-level-await",
    "export-star-as-namespace-from-module",
    "arbitrary-module-namespace-names",
    // iterators and resource management
    // (iterator-helpers, ES2025, runs; these later proposals do not)
    "iterator-sequencing",
    "iterator-chunking",
    "iterator-includes",
    "Iterator.*",
    "joint-iteration",
    "explicit-resource-management",
    "await-dictionary",
    // later additions the subset does not list
    "promise-try",
    "Error.isError",
    "error-stack-accessor",
    "json-parse-with-source",
    "String.prototype.isWellFormed",
    "String.prototype.toWellFormed",
    "tail-call-optimization",
];

/// The summary table in the docs sits between these markers; `--update` rewrites it.
const CONFORMANCE: &str = "docs/conformance.md";
const BEGIN: &str = "<!-- test262:begin (cargo xtask test262 --update rewrites this table) -->";
const END: &str = "<!-- test262:end -->";

/// Per-test bounds: a runaway test fails fast instead of stalling the run.
const FUEL_SLICE: u64 = 1_000_000;
const MAX_FUEL: u64 = 200_000_000;
const MAX_MEMORY: usize = 64 << 20;
const MAX_WALL: Duration = Duration::from_secs(10);

/// `print` for the async harness (`doneprintHandle.js`), plus a promise the runner awaits at
/// the end of async tests: codemode ends a program when its body returns, so an async test
/// keeps the body alive until `$DONE` has printed.
const ASYNC_PRELUDE: &str = "var __t262_settle;\n\
var __t262_done = new Promise(function (resolve) { __t262_settle = resolve; });\n\
function print(message) { console.log(message); __t262_settle(); }\n";
const ASYNC_EPILOGUE: &str = "\n;await __t262_done;\n";
const NEGATIVE_EPILOGUE: &str = "\n} catch (__t262_thrown) {\n\
  const c = __t262_thrown !== null && typeof __t262_thrown === \"object\" ? __t262_thrown.constructor : undefined;\n\
  console.log(\"Test262:Thrown:\" + (typeof c === \"function\" ? c.name : typeof __t262_thrown));\n\
  throw __t262_thrown;\n}\n";
const PLAIN_PRELUDE: &str = "function print(message) { console.log(message); }\n";

#[derive(Debug, Default)]
struct Meta {
    features: Vec<String>,
    flags: Vec<String>,
    includes: Vec<String>,
    negative_phase: Option<String>,
    negative_type: Option<String>,
}

/// Parses the `/*--- ... ---*/` frontmatter: just the keys the runner needs, in the flow
/// (`[a, b]`) and block (`- a`) list forms test262 uses.
fn parse_meta(source: &str) -> Meta {
    let mut meta = Meta::default();
    let Some(start) = source.find("/*---") else {
        return meta;
    };
    let body = &source[start + 5..];
    let body = &body[..body.find("---*/").unwrap_or(body.len())];
    let mut key = String::new();
    let mut pending_flow = String::new();
    for line in body.lines() {
        let trimmed = line.trim();
        if !pending_flow.is_empty() {
            pending_flow.push(' ');
            pending_flow.push_str(trimmed);
            if trimmed.contains(']') {
                let list = flow_list(&std::mem::take(&mut pending_flow));
                push_list(&mut meta, &key, list);
            }
            continue;
        }
        let indented = line.starts_with(' ') || line.starts_with('\t');
        if !indented {
            if let Some((k, v)) = line.split_once(':') {
                key = k.trim().to_string();
                let v = v.trim();
                if v.starts_with('[') {
                    if v.contains(']') {
                        push_list(&mut meta, &key, flow_list(v));
                    } else {
                        pending_flow = v.to_string();
                    }
                }
            } else {
                key.clear();
            }
            continue;
        }
        if let Some(item) = trimmed.strip_prefix("- ") {
            push_list(&mut meta, &key, vec![item.trim().to_string()]);
        } else if key == "negative" {
            if let Some((k, v)) = trimmed.split_once(':') {
                match k.trim() {
                    "phase" => meta.negative_phase = Some(v.trim().to_string()),
                    "type" => meta.negative_type = Some(v.trim().to_string()),
                    _ => {}
                }
            }
        }
    }
    meta
}

fn flow_list(text: &str) -> Vec<String> {
    let inner = text.trim().trim_start_matches('[');
    let inner = &inner[..inner.find(']').unwrap_or(inner.len())];
    inner
        .split(',')
        .map(|s| s.trim().trim_matches(|c| c == '"' || c == '\'').to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

fn push_list(meta: &mut Meta, key: &str, items: Vec<String>) {
    match key {
        "features" => meta.features.extend(items),
        "flags" => meta.flags.extend(items),
        "includes" => meta.includes.extend(items),
        _ => {}
    }
}

fn unsupported_feature(feature: &str) -> bool {
    UNSUPPORTED_FEATURES
        .iter()
        .any(|pattern| match pattern.strip_suffix('*') {
            Some(prefix) => feature.starts_with(prefix),
            None => feature == *pattern,
        })
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Outcome {
    Pass,
    /// Ran and gave a wrong answer, threw, or timed out.
    Fail(String),
    /// Refused at compile time with UnsupportedSyntax (a loud, deliberate refusal).
    Unsupported(String),
    Skip(String),
    Panic(String),
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Counts {
    passed: u32,
    failed: u32,
    unsupported: u32,
    skipped: u32,
}

impl Counts {
    fn add(&mut self, outcome: &Outcome) {
        match outcome {
            Outcome::Pass => self.passed += 1,
            Outcome::Fail(_) | Outcome::Panic(_) => self.failed += 1,
            Outcome::Unsupported(_) => self.unsupported += 1,
            Outcome::Skip(_) => self.skipped += 1,
        }
    }

    fn merge(&mut self, other: &Counts) {
        self.passed += other.passed;
        self.failed += other.failed;
        self.unsupported += other.unsupported;
        self.skipped += other.skipped;
    }

    fn run(&self) -> u32 {
        self.passed + self.failed + self.unsupported
    }
}

/// The directory a test's counts are kept under: `language/expressions/addition`,
/// `built-ins/Array/from`, `built-ins/Array/prototype/map`.
fn bucket(rel: &str) -> String {
    let parts: Vec<&str> = rel.split('/').collect();
    let dirs = &parts[..parts.len().saturating_sub(1)];
    let depth = if dirs.len() > 2 && dirs[2] == "prototype" {
        4
    } else {
        3
    };
    dirs[..dirs.len().min(depth)].join("/")
}

struct Harness {
    files: HashMap<String, String>,
}

impl Harness {
    fn load(dir: &Path) -> Result<Harness, String> {
        let mut files = HashMap::new();
        let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "js") {
                let name = entry.file_name().to_string_lossy().to_string();
                let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
                files.insert(name, text);
            }
        }
        Ok(Harness { files })
    }
}

/// Built-in directories skipped for their cost: the generated Unicode property-escape tests
/// match every code point of a property's complement and set (strings of up to 1.1 M
/// characters per test, 540 tests); each runs past the runner's 10 s wall-time bound, so
/// the directory alone would take 45 minutes. Property escapes are checked against node by
/// codemode-regex's differential tests instead.
const BUILT_INS_SKIPPED_DIRS: &[&str] = &["RegExp/property-escapes/generated"];

fn classify(rel: &str, meta: &Meta) -> Option<String> {
    if let Some(dir) = BUILT_INS_SKIPPED_DIRS
        .iter()
        .find(|d| rel.starts_with(&format!("built-ins/{d}/")))
    {
        return Some(format!("directory built-ins/{dir} (too slow to run)"));
    }
    if let Some(rest) = rel.strip_prefix("language/") {
        if let Some(dir) = LANGUAGE_SKIPPED_DIRS
            .iter()
            .find(|d| rest.starts_with(&format!("{d}/")))
        {
            return Some(format!("directory language/{dir}"));
        }
    } else if let Some(rest) = rel.strip_prefix("built-ins/") {
        if !BUILT_INS.iter().any(|d| rest.starts_with(&format!("{d}/"))) {
            return Some("built-in not in codemode".into());
        }
    }
    if let Some(f) = meta.features.iter().find(|f| unsupported_feature(f)) {
        return Some(format!("feature {f}"));
    }
    for flag in ["module", "noStrict", "CanBlockIsTrue"] {
        if meta.flags.iter().any(|f| f == flag) {
            return Some(format!("flag {flag}"));
        }
    }
    if meta.negative_phase.as_deref() == Some("resolution") {
        return Some("negative phase resolution (modules)".into());
    }
    None
}

fn has_flag(meta: &Meta, flag: &str) -> bool {
    meta.flags.iter().any(|f| f == flag)
}

/// Builds the program text for one test.
fn assemble(body: &str, meta: &Meta, harness: &Harness) -> Result<String, String> {
    if has_flag(meta, "raw") {
        return Ok(body.to_string());
    }
    let is_async = has_flag(meta, "async");
    let mut src = String::new();
    if has_flag(meta, "onlyStrict") {
        src.push_str("\"use strict\";\n");
    }
    src.push_str(if is_async {
        ASYNC_PRELUDE
    } else {
        PLAIN_PRELUDE
    });
    let mut names: Vec<&str> = vec!["assert.js", "sta.js"];
    if is_async {
        names.push("doneprintHandle.js");
    }
    names.extend(meta.includes.iter().map(String::as_str));
    for name in names {
        let text = harness
            .files
            .get(name)
            .ok_or_else(|| format!("missing harness file {name}"))?;
        src.push_str(text);
        src.push('\n');
        if name == "doneprintHandle.js" {
            // A script's function declarations are properties of the global object, and
            // asyncHelpers.js checks for `$DONE` there; codemode's are body-local.
            src.push_str("globalThis.$DONE = $DONE;\n");
        }
    }
    // A runtime-negative test reports the constructor of what it threw: codemode's failure
    // text names only Error objects, and harness errors (Test262Error) are plain objects.
    let runtime_negative = meta.negative_phase.as_deref() == Some("runtime");
    if runtime_negative {
        src.push_str("try {\n");
    }
    src.push_str(body);
    if runtime_negative {
        src.push_str(NEGATIVE_EPILOGUE);
    }
    if is_async {
        src.push_str(ASYNC_EPILOGUE);
    }
    Ok(src)
}

/// The error name at the front of an uncaught-exception message ("TypeError: x" → "TypeError").
fn error_name(message: &str) -> &str {
    let head = message.strip_prefix("Uncaught ").unwrap_or(message);
    head.split(|c: char| c == ':' || c.is_whitespace())
        .next()
        .unwrap_or("")
}

fn run_one(
    interp: &codemode_js::JsInterpreter,
    body: &str,
    meta: &Meta,
    harness: &Harness,
) -> Outcome {
    let src = match assemble(body, meta, harness) {
        Ok(s) => s,
        Err(e) => return Outcome::Fail(e),
    };
    let options = CompileOptions {
        limits: VmLimits {
            max_fuel: MAX_FUEL,
            max_memory_bytes: MAX_MEMORY,
            ..VmLimits::default()
        },
        ..CompileOptions::default()
    };
    let negative_type = meta.negative_type.as_deref();
    let parse_negative = matches!(meta.negative_phase.as_deref(), Some("parse" | "early"));
    let program = match interp.compile(&src, &options) {
        Ok(p) => p,
        Err(d) => {
            return match d.kind {
                DiagnosticKind::ParseError if parse_negative => Outcome::Pass,
                DiagnosticKind::UnsupportedSyntax => Outcome::Unsupported(d.message),
                _ => Outcome::Fail(format!("compile: {}: {}", d.kind, d.message)),
            }
        }
    };
    if parse_negative {
        return Outcome::Fail(format!(
            "expected a parse-time {}, but it compiled",
            negative_type.unwrap_or("error")
        ));
    }
    let mut exec = program.start(StartOptions::default());
    let started = Instant::now();
    let mut logs: Vec<String> = Vec::new();
    let result: Result<(), String> = loop {
        let step = exec.step(FUEL_SLICE);
        logs.extend(step.logs);
        let answered = !step.calls.is_empty();
        for call in step.calls {
            exec.complete(
                call.id,
                HostOutcome::Err(HostError::new("Denied", "test262 has no host tools")),
            );
        }
        match step.state {
            StepState::Running => {}
            StepState::Waiting if answered => {}
            StepState::Waiting => break Err("waiting on the host forever".into()),
            StepState::Done(_) => break Ok(()),
            // The final expression's value may not cross the data boundary; the test ran.
            StepState::Failed(d) if d.kind == DiagnosticKind::InvalidDataValue => break Ok(()),
            StepState::Failed(d) => break Err(format!("{}: {}", d.kind, d.message)),
        }
        if started.elapsed() > MAX_WALL {
            break Err("wall-time limit".into());
        }
    };
    if let Some(expected) = negative_type {
        return match result {
            Err(message) => {
                let text = message
                    .strip_prefix("ExecutionFailure: ")
                    .unwrap_or(&message);
                let thrown = format!("Test262:Thrown:{expected}");
                if logs.contains(&thrown) || error_name(text) == expected {
                    Outcome::Pass
                } else {
                    Outcome::Fail(format!("expected runtime {expected}, got {message}"))
                }
            }
            Ok(()) => Outcome::Fail(format!("expected runtime {expected}, completed")),
        };
    }
    if let Err(message) = result {
        return Outcome::Fail(message);
    }
    if has_flag(meta, "async") {
        if logs.iter().any(|l| l == "Test262:AsyncTestComplete") {
            return Outcome::Pass;
        }
        let failure = logs
            .iter()
            .find(|l| l.starts_with("Test262:AsyncTestFailure"))
            .cloned()
            .unwrap_or_else(|| "async test never called $DONE".into());
        return Outcome::Fail(failure);
    }
    Outcome::Pass
}

thread_local! {
    static PANIC_MESSAGE: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "js")
            && !path.to_string_lossy().contains("_FIXTURE")
        {
            out.push(path);
        }
    }
    Ok(())
}

struct Options {
    dir: PathBuf,
    filter: Option<String>,
    update: bool,
    failures: Option<PathBuf>,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut dir = None;
    let mut filter = None;
    let mut update = false;
    let mut failures = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--dir" => dir = it.next().map(PathBuf::from),
            "--filter" => filter = it.next().cloned(),
            "--failures" => failures = it.next().map(PathBuf::from),
            "--update" => update = true,
            other => return Err(format!("unknown test262 argument {other}")),
        }
    }
    let dir = dir.ok_or(
        "usage: cargo xtask test262 --dir PATH [--filter SUBSTR] [--update] [--failures FILE]",
    )?;
    if update && filter.is_some() {
        return Err("--update records the whole suite; drop --filter".into());
    }
    Ok(Options {
        dir,
        filter,
        update,
        failures,
    })
}

pub fn test262(args: &[String]) -> Result<(), String> {
    let opts = parse_args(args)?;
    let test_root = opts.dir.join("test");
    let harness = Harness::load(&opts.dir.join("harness"))?;
    let mut files = Vec::new();
    for top in ["built-ins", "language"] {
        collect(&test_root.join(top), &mut files)?;
    }
    let rels: Vec<String> = files
        .iter()
        .map(|p| {
            p.strip_prefix(&test_root)
                .unwrap_or(p)
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect();
    let selected: Vec<usize> = (0..files.len())
        .filter(|&i| opts.filter.as_ref().is_none_or(|f| rels[i].contains(f)))
        .collect();
    eprintln!(
        "test262 at {} ({}): {} files",
        opts.dir.display(),
        commit_of(&opts.dir),
        selected.len()
    );

    let interp = codemode_js::JsInterpreter::new();
    let outcomes: Mutex<Vec<(usize, Outcome)>> = Mutex::new(Vec::with_capacity(selected.len()));
    let next = AtomicUsize::new(0);
    let started = Instant::now();
    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        PANIC_MESSAGE.with(|m| *m.borrow_mut() = info.to_string());
    }));
    std::thread::scope(|scope| {
        for _ in 0..2 {
            let worker = || loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&i) = selected.get(k) else { break };
                if k > 0 && k.is_multiple_of(5000) {
                    eprintln!(
                        "  {k}/{} after {:.0}s",
                        selected.len(),
                        started.elapsed().as_secs_f64()
                    );
                }
                let outcome = match std::fs::read_to_string(&files[i]) {
                    Err(e) => Outcome::Fail(format!("read: {e}")),
                    Ok(body) => {
                        let meta = parse_meta(&body);
                        match classify(&rels[i], &meta) {
                            Some(reason) => Outcome::Skip(reason),
                            None => std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                                run_one(&interp, &body, &meta, &harness)
                            }))
                            .unwrap_or_else(|_| {
                                Outcome::Panic(PANIC_MESSAGE.with(|m| m.borrow().clone()))
                            }),
                        }
                    }
                };
                if let Ok(mut all) = outcomes.lock() {
                    all.push((i, outcome));
                }
            };
            std::thread::Builder::new()
                .stack_size(8 << 20)
                .spawn_scoped(scope, worker)
                .map(|_| ())
                .unwrap_or_else(|e| eprintln!("cannot spawn a worker: {e}"));
        }
    });
    std::panic::set_hook(previous_hook);
    let mut outcomes = outcomes.into_inner().map_err(|e| e.to_string())?;
    outcomes.sort_by_key(|(i, _)| *i);
    eprintln!(
        "ran {} files in {:.1}s",
        outcomes.len(),
        started.elapsed().as_secs_f64()
    );

    let mut buckets: BTreeMap<String, Counts> = BTreeMap::new();
    let mut skip_reasons: BTreeMap<String, u32> = BTreeMap::new();
    let mut panics = Vec::new();
    let mut failure_lines = Vec::new();
    for (i, outcome) in &outcomes {
        buckets.entry(bucket(&rels[*i])).or_default().add(outcome);
        match outcome {
            Outcome::Skip(reason) => {
                *skip_reasons.entry(reason.clone()).or_default() += 1;
            }
            Outcome::Panic(m) => {
                panics.push(format!("{}: {m}", rels[*i]));
                failure_lines.push(format!("{}\tPANIC\t{m}", rels[*i]));
            }
            Outcome::Fail(m) => failure_lines.push(format!("{}\tFAIL\t{}", rels[*i], one_line(m))),
            Outcome::Unsupported(m) => {
                failure_lines.push(format!("{}\tUNSUPPORTED\t{}", rels[*i], one_line(m)))
            }
            Outcome::Pass => {}
        }
    }
    if let Some(path) = &opts.failures {
        std::fs::write(path, failure_lines.join("\n") + "\n")
            .map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("failures written to {}", path.display());
    }

    let snapshot = render_snapshot(&commit_of(&opts.dir), &buckets);
    let mut tops: BTreeMap<String, Counts> = BTreeMap::new();
    for (dir, c) in &buckets {
        let top: String = dir.split('/').take(2).collect::<Vec<_>>().join("/");
        tops.entry(top).or_default().merge(c);
    }
    let table = render_table(&commit_of(&opts.dir), &tops);
    print!("{table}");
    eprintln!("\nskipped by reason:");
    let mut reasons: Vec<_> = skip_reasons.into_iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (reason, n) in reasons.iter().take(25) {
        eprintln!("  {n:6}  {reason}");
    }
    if !panics.is_empty() {
        eprintln!("\n{} PANICS (interpreter bugs):", panics.len());
        for p in &panics {
            eprintln!("  {p}");
        }
    }

    let snapshot_path = super::root().join(SNAPSHOT);
    if opts.update {
        std::fs::write(&snapshot_path, &snapshot)
            .map_err(|e| format!("{}: {e}", snapshot_path.display()))?;
        let docs_path = super::root().join(CONFORMANCE);
        let docs = std::fs::read_to_string(&docs_path)
            .map_err(|e| format!("{}: {e}", docs_path.display()))?;
        let docs = replace_between_markers(&docs, &table)
            .ok_or_else(|| format!("{CONFORMANCE} lacks the {BEGIN} / {END} markers"))?;
        std::fs::write(&docs_path, docs).map_err(|e| format!("{}: {e}", docs_path.display()))?;
        eprintln!("wrote {SNAPSHOT} and the table in {CONFORMANCE}");
        return Ok(());
    }
    if opts.filter.is_some() {
        return Ok(());
    }
    let old = std::fs::read_to_string(&snapshot_path).unwrap_or_default();
    let old = parse_snapshot(&old);
    let mut regressions = Vec::new();
    let mut gains = 0;
    for (dir, c) in &buckets {
        let before = old.get(dir).copied().unwrap_or(0);
        if c.passed < before {
            regressions.push(format!("{dir}: {before} -> {} passed", c.passed));
        } else {
            gains += c.passed - before;
        }
    }
    for (dir, before) in &old {
        if *before > 0 && !buckets.contains_key(dir) {
            regressions.push(format!("{dir}: {before} -> 0 passed (directory gone)"));
        }
    }
    if gains > 0 {
        eprintln!("{gains} more passing than {SNAPSHOT}: run with --update to record them");
    }
    if regressions.is_empty() {
        eprintln!("no regressions against {SNAPSHOT}");
        Ok(())
    } else {
        for r in &regressions {
            eprintln!("REGRESSION {r}");
        }
        Err(format!("{} directories regressed", regressions.len()))
    }
}

/// A failure reason on one line: a thrown Test262Error prints as a multi-line object.
fn one_line(message: &str) -> String {
    let flat = message.split_whitespace().collect::<Vec<_>>().join(" ");
    flat.chars().take(240).collect()
}

fn commit_of(dir: &Path) -> String {
    std::process::Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["rev-parse", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".into())
}

fn render_snapshot(commit: &str, buckets: &BTreeMap<String, Counts>) -> String {
    let mut out = String::new();
    out.push_str("# test262 pass counts of codemode-js, per directory (cargo xtask test262 --dir PATH --update)\n");
    out.push_str(&format!("# test262 commit {commit}\n"));
    out.push_str("# directory passed failed unsupported skipped\n");
    let mut total = Counts::default();
    for c in buckets.values() {
        total.merge(c);
    }
    out.push_str(&format!(
        "TOTAL {} {} {} {}\n",
        total.passed, total.failed, total.unsupported, total.skipped
    ));
    // Directories where nothing ran (wholly skipped) only count in the total.
    for (dir, c) in buckets.iter().filter(|(_, c)| c.run() > 0) {
        out.push_str(&format!(
            "{dir} {} {} {} {}\n",
            c.passed, c.failed, c.unsupported, c.skipped
        ));
    }
    out
}

/// Markdown table of the top-level directories that ran, with totals.
fn render_table(commit: &str, tops: &BTreeMap<String, Counts>) -> String {
    let mut out = format!(
        "test262 commit `{commit}`.\n\n| directory | passed | failed | unsupported | skipped |\n|---|---|---|---|---|\n"
    );
    let mut total = Counts::default();
    for (dir, c) in tops {
        total.merge(c);
        if c.run() > 0 {
            out.push_str(&format!(
                "| {dir} | {} | {} | {} | {} |\n",
                c.passed, c.failed, c.unsupported, c.skipped
            ));
        }
    }
    let run = total.run().max(1);
    out.push_str(&format!(
        "| **total** | **{}** ({:.1}% of run) | {} | {} | {} |\n",
        total.passed,
        100.0 * f64::from(total.passed) / f64::from(run),
        total.failed,
        total.unsupported,
        total.skipped
    ));
    out
}

fn replace_between_markers(doc: &str, table: &str) -> Option<String> {
    let start = doc.find(BEGIN)? + BEGIN.len();
    let end = start + doc[start..].find(END)?;
    Some(format!("{}\n{table}{}", &doc[..start], &doc[end..]))
}

/// Name → passed, from a snapshot file (docs/test262.txt and docs/lua-testes.txt share
/// the format: `name passed failed ...`, `#` comments, an optional `TOTAL` line).
pub(crate) fn parse_snapshot(text: &str) -> BTreeMap<String, u32> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("TOTAL "))
        .filter_map(|l| {
            let mut parts = l.split_whitespace();
            let dir = parts.next()?;
            let passed = parts.next()?.parse().ok()?;
            Some((dir.to_string(), passed))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frontmatter_in_both_list_forms() {
        let src = "/*---\nesid: x\ndescription: >\n  a: b\nfeatures: [let, arrow-function]\nflags:\n  - async\n  - onlyStrict\nincludes: [compareArray.js,\n  propertyHelper.js]\nnegative:\n  phase: parse\n  type: SyntaxError\n---*/\nbody";
        let m = parse_meta(src);
        assert_eq!(m.features, ["let", "arrow-function"]);
        assert_eq!(m.flags, ["async", "onlyStrict"]);
        assert_eq!(m.includes, ["compareArray.js", "propertyHelper.js"]);
        assert_eq!(m.negative_phase.as_deref(), Some("parse"));
        assert_eq!(m.negative_type.as_deref(), Some("SyntaxError"));
    }

    #[test]
    fn buckets_and_features() {
        assert_eq!(
            bucket("built-ins/Array/prototype/map/x.js"),
            "built-ins/Array/prototype/map"
        );
        assert_eq!(bucket("built-ins/Array/from/x.js"), "built-ins/Array/from");
        assert_eq!(bucket("built-ins/Array/length.js"), "built-ins/Array");
        assert_eq!(
            bucket("language/expressions/addition/a/b.js"),
            "language/expressions/addition"
        );
        assert!(unsupported_feature("decorators"));
        assert!(!unsupported_feature("class-fields-private"));
        assert!(!unsupported_feature("Symbol.iterator"));
        assert!(!unsupported_feature("generators"));
        assert!(!unsupported_feature("arrow-function"));
        assert_eq!(error_name("TypeError: x is not a function"), "TypeError");
        assert_eq!(error_name("Uncaught Test262Error {}"), "Test262Error");
    }
}
