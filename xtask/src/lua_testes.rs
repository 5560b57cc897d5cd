//! `cargo xtask lua-testes --dir PATH [--update] [--verbose]`
//!
//! Runs files of the official Lua 5.4 test suite (`testes/` of lua/lua at tag v5.4.8, a
//! checkout at PATH, never committed here) in-process through codemode-lua and keeps the
//! section counts per file in `docs/lua-testes.txt`; without `--update` the run is compared
//! with that file and fails when a file passes fewer sections than recorded (the shape of
//! `cargo xtask test262`).
//!
//! A file is split into sections so that one failing section does not hide the rest: each
//! top-level `do ... end` block is a section, and the other top-level statements form
//! sections between the file's own `print("testing ...")` lines. The file still runs as one
//! program (later sections use the file's top-level locals and functions), rewritten so
//! that each top-level statement runs protected: a `do` block becomes
//! `__unit(n, function(...) ... end)`, another statement is wrapped the same way, and the
//! values of a top-level `local` come from `__try(n, function(...) return ... end)`; each
//! unit prints whether it passed. Line numbers do not move (the wrappers are written on the
//! statements' own lines), so messages the tests compare keep their positions. A statement
//! that needs what the sandbox leaves out on purpose (io, os, debug, require, package,
//! collectgarbage, string.dump) is dropped and its section counted as skipped with the
//! reason. An error that ends the whole program (fuel, memory, a compile error) fails the
//! unit it happened in and the file is run again without that unit, so the sections after
//! it still run.

use codemode_core::{
    CompileOptions, Deadline, HostError, HostOutcome, Interpreter, StartOptions, StepState,
    VmLimits,
};
use codemode_lua_syntax::{self as ast, ParseLimits, StatKind};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The committed counts, relative to the workspace root.
const SNAPSHOT: &str = "docs/lua-testes.txt";
/// The table in the docs sits between these markers; `--update` rewrites it.
const CONFORMANCE: &str = "docs/conformance.md";
const BEGIN: &str =
    "<!-- lua-testes:begin (cargo xtask lua-testes --update rewrites this table) -->";
const END: &str = "<!-- lua-testes:end -->";

/// The files run, in the order `all.lua` runs them.
const FILES: &[&str] = &[
    "goto.lua",
    "coroutine.lua",
    "events.lua",
    "closure.lua",
    "calls.lua",
    "locals.lua",
    "nextvar.lua",
    "pm.lua",
    "sort.lua",
    "strings.lua",
    "math.lua",
    "literals.lua",
    "vararg.lua",
    "constructs.lua",
    "utf8.lua",
    "tpack.lua",
];

/// What the sandbox leaves out on purpose: a statement whose code (comments and string
/// literals aside) names one of these is dropped, with the reason.
const SKIPPED_NAMES: &[(&str, &str)] = &[
    ("require", "require (no modules)"),
    ("debug", "the debug library"),
    ("io", "the io library"),
    ("os", "the os library"),
    ("package", "the package library"),
    ("__gc", "__gc (finalizers are not run)"),
    ("__mode", "__mode (weak tables are not run)"),
    ("dump", "string.dump (binary chunks)"),
];

/// Per-file bounds (a release build needs a fraction of them).
const FUEL_SLICE: u64 = 5_000_000;
const MAX_FUEL: u64 = 2_000_000_000;
const MAX_MEMORY: usize = 512 << 20;
const MAX_WALL: Duration = Duration::from_secs(60);
/// Runs of one file: the first, and one more after each unit that ended the program.
const MAX_RUNS: usize = 12;

/// Put before the file's first line (on that line, so no line moves). `_soft` is what
/// `all.lua` sets: the files then leave out their slowest loops. A full collection is a
/// no-op to a program that cannot observe collection (no `__gc`, no weak tables): the
/// files call `collectgarbage()` between tests, and those calls run as one; any other use
/// of the collector is skipped (`gc_details`).
const PRELUDE: &str = "local __P, __pcall, __tostring, __pack, __unpack = print, pcall, tostring, table.pack, table.unpack; \
local function __unit(n, f) local ok, e = __pcall(f) if ok then __P(\"\\1U \" .. n .. \" ok\") else __P(\"\\1U \" .. n .. \" FAIL \" .. __tostring(e)) end end; \
local function __try(n, f) local r = __pack(__pcall(f)) if r[1] then __P(\"\\1U \" .. n .. \" ok\") return __unpack(r, 2, r.n) end __P(\"\\1U \" .. n .. \" FAIL \" .. __tostring(r[2])) end; \
_soft = true; collectgarbage = function() return 0 end; ";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A top-level `do ... end` block.
    Block,
    /// Top-level statements between `print` lines.
    Statements,
}

#[derive(Debug)]
struct Section {
    kind: Kind,
    line: u32,
    title: String,
    units: Vec<usize>,
    /// Reasons of the statements dropped from it.
    dropped: Vec<String>,
}

/// One protected piece of the rewritten program.
#[derive(Debug, Clone)]
struct Unit {
    line: u32,
    /// The replacement when the unit is taken out after it ended the program.
    removed: Edit,
    /// The edits that wrap it.
    wrap: Vec<Edit>,
}

#[derive(Debug, Clone)]
struct Edit {
    start: usize,
    end: usize,
    text: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum UnitResult {
    Pass,
    Fail(String),
}

/// A file split into sections and units.
struct Plan {
    source: String,
    sections: Vec<Section>,
    units: Vec<Unit>,
    /// Edits of dropped statements (always applied).
    drops: Vec<Edit>,
    /// Where the end marker goes (before a final `return`, or at the end).
    end_at: usize,
}

/// The text with comments and string literals blanked (what the skip check reads).
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'-' && b.get(i + 1) == Some(&b'-') {
            i += 2;
            if let Some(level) = long_open(b, i) {
                i = long_close(b, i + level + 2, level);
            } else {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c && b[i] != b'\n' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == b'[' && long_open(b, i).is_some() {
            let level = long_open(b, i).unwrap_or(0);
            i = long_close(b, i + level + 2, level);
            out.push_str("\"\"");
        } else {
            out.push(c as char);
            i += 1;
        }
    }
    out
}

/// `[[` or `[==[` at `i`: its level.
fn long_open(b: &[u8], i: usize) -> Option<usize> {
    if b.get(i) != Some(&b'[') {
        return None;
    }
    let mut j = i + 1;
    while b.get(j) == Some(&b'=') {
        j += 1;
    }
    (b.get(j) == Some(&b'[')).then_some(j - i - 1)
}

/// Just past the `]==]` of `level` at or after `i`.
fn long_close(b: &[u8], mut i: usize, level: usize) -> usize {
    while i < b.len() {
        if b[i] == b']' {
            let mut j = i + 1;
            while b.get(j) == Some(&b'=') {
                j += 1;
            }
            if j - i - 1 == level && b.get(j) == Some(&b']') {
                return j + 1;
            }
        }
        i += 1;
    }
    b.len()
}

/// Why a statement's code cannot run in the sandbox, if it cannot.
fn skip_reason(text: &str) -> Option<&'static str> {
    if gc_details(text) {
        return Some("collectgarbage details (memory counts, collector modes)");
    }
    let code = code_only(text);
    let b = code.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    for (name, reason) in SKIPPED_NAMES {
        let mut from = 0;
        while let Some(p) = code[from..].find(name) {
            let at = from + p;
            let end = at + name.len();
            let before_ok = at == 0 || !ident(b[at - 1]);
            let after_ok = end >= b.len() || !ident(b[end]);
            // `string.dump`, `s:dump`: the name after a dot or colon.
            let dotted = at > 0 && (b[at - 1] == b'.' || b[at - 1] == b':');
            let hit = before_ok
                && after_ok
                && if *name == "dump" {
                    dotted
                } else {
                    // Metamethod names are fields; the others are globals.
                    name.starts_with("__") || !dotted
                };
            if hit {
                return Some(reason);
            }
            from = end;
        }
    }
    None
}

/// Whether the code jumps to a label it does not define (one of the main function's).
fn escaping_goto(text: &str) -> bool {
    let code = code_only(text);
    let mut words = code
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty());
    while let Some(w) = words.next() {
        if w == "goto" {
            if let Some(label) = words.next() {
                if !code.contains(&format!("::{label}::")) {
                    return true;
                }
            }
        }
    }
    false
}

/// Whether the text asks the collector for more than a collection: a count, a mode, a
/// stop. (`collectgarbage()` alone is the runner's no-op, see `PRELUDE`.)
fn gc_details(text: &str) -> bool {
    let mut rest = text;
    while let Some(p) = rest.find("collectgarbage") {
        rest = &rest[p + "collectgarbage".len()..];
        let args = rest.trim_start();
        let args = args.strip_prefix('(').unwrap_or(args).trim_start();
        if args.starts_with(')') {
            continue;
        }
        let word: String = args
            .trim_start_matches(['"', '\''])
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        if !matches!(word.as_str(), "collect" | "step") {
            return true;
        }
    }
    false
}

/// Newlines only: what replaces removed text so that no line moves.
fn blank(text: &str) -> String {
    text.chars().filter(|&c| c == '\n').collect()
}

/// The title a `print(...)` statement gives the section it starts.
fn print_title(source: &str, stat: &ast::Stat) -> Option<String> {
    let StatKind::Call(call) = &stat.kind else {
        return None;
    };
    match &call.func.kind {
        ast::ExprKind::Name(n) if &**n == "print" && call.method.is_none() => {}
        _ => return None,
    }
    let args = &source[call.args_span.start as usize..call.args_span.end as usize];
    let title = args
        .trim_matches(|c: char| c == '(' || c == ')' || c == '"' || c == '\'' || c.is_whitespace());
    Some(title.chars().take(60).collect())
}

fn plan(source: String) -> Result<Plan, String> {
    let limits = ParseLimits {
        max_source_bytes: source.len() + 1,
        ..ParseLimits::default()
    };
    let chunk = ast::parse(&source, &limits).map_err(|d| {
        let line = d.location.map_or(0, |l| l.line);
        format!("parse error at line {line}: {}", d.message)
    })?;
    let line_of = |offset: u32| chunk.line_index.line(offset);
    let mut sections: Vec<Section> = Vec::new();
    let mut units = Vec::new();
    let mut drops = Vec::new();
    // The section the next plain statement joins (none after a block or at the start).
    let mut open: Option<usize> = None;
    for stat in &chunk.block.stats {
        let (start, end) = (stat.span.start as usize, stat.span.end as usize);
        let text = &source[start..end];
        let line = line_of(stat.span.start);
        let is_block = matches!(stat.kind, StatKind::Do(_));
        let title = print_title(&source, stat);
        let section = if is_block {
            // The comment on the `do` line names the block, when there is one.
            let first_line = text.lines().next().unwrap_or("");
            let title = first_line
                .split_once("--")
                .map(|(_, c)| c.trim().chars().take(60).collect())
                .unwrap_or_default();
            sections.push(Section {
                kind: Kind::Block,
                line,
                title,
                units: Vec::new(),
                dropped: Vec::new(),
            });
            open = None;
            sections.len() - 1
        } else {
            match (open, title) {
                (Some(s), None) => s,
                (_, title) => {
                    sections.push(Section {
                        kind: Kind::Statements,
                        line,
                        title: title.unwrap_or_default(),
                        units: Vec::new(),
                        dropped: Vec::new(),
                    });
                    open = Some(sections.len() - 1);
                    sections.len() - 1
                }
            }
        };
        if let Some(reason) = skip_reason(text) {
            drops.push(Edit {
                start,
                end,
                text: blank(text),
            });
            sections[section]
                .dropped
                .push(format!("line {line}: {reason}"));
            continue;
        }
        let n = units.len();
        // A statement with a goto to a label outside it stays in the main function, unguarded.
        let escapes = escaping_goto(text);
        let unit = match &stat.kind {
            _ if escapes && !matches!(stat.kind, StatKind::Local { .. }) => None,
            StatKind::Do(_) => Some(Unit {
                line,
                removed: Edit {
                    start,
                    end,
                    text: blank(text),
                },
                wrap: vec![
                    Edit {
                        start,
                        end: start + 2,
                        text: format!("__unit({n}, function(...)"),
                    },
                    Edit {
                        start: end - 3,
                        end,
                        text: "end)".into(),
                    },
                ],
            }),
            StatKind::Local { values, .. } if !values.is_empty() => {
                let vs = values.first().map_or(0, |v| v.span.start as usize);
                let ve = values.last().map_or(0, |v| v.span.end as usize);
                let removed = format!("nil{}", blank(&source[vs..ve]));
                Some(Unit {
                    line,
                    removed: Edit {
                        start: vs,
                        end: ve,
                        text: removed,
                    },
                    wrap: vec![
                        Edit {
                            start: vs,
                            end: vs,
                            text: format!("__try({n}, function(...) return "),
                        },
                        Edit {
                            start: ve,
                            end: ve,
                            text: " end)".into(),
                        },
                    ],
                })
            }
            // Declarations that cannot fail, and jumps that must stay in the main function.
            StatKind::Local { .. }
            | StatKind::LocalFunction { .. }
            | StatKind::Empty
            | StatKind::Goto(_)
            | StatKind::Label(_)
            | StatKind::Break => None,
            _ => Some(Unit {
                line,
                removed: Edit {
                    start,
                    end,
                    text: blank(text),
                },
                wrap: vec![
                    Edit {
                        start,
                        end: start,
                        text: format!("__unit({n}, function(...) "),
                    },
                    Edit {
                        start: end,
                        end,
                        text: " end)".into(),
                    },
                ],
            }),
        };
        if let Some(u) = unit {
            sections[section].units.push(n);
            units.push(u);
        }
    }
    let end_at = chunk
        .block
        .ret
        .as_ref()
        .map_or(source.len(), |r| r.span.start as usize);
    Ok(Plan {
        source,
        sections,
        units,
        drops,
        end_at,
    })
}

impl Plan {
    /// The program to run, with the units in `removed` taken out.
    fn program(&self, removed: &[bool]) -> String {
        let mut edits: Vec<&Edit> = self.drops.iter().collect();
        for (i, u) in self.units.iter().enumerate() {
            if removed[i] {
                edits.push(&u.removed);
            } else {
                edits.extend(u.wrap.iter());
            }
        }
        let end_marker = Edit {
            start: self.end_at,
            end: self.end_at,
            text: " __P(\"\\1END\") ".into(),
        };
        edits.push(&end_marker);
        // Stable: an insertion at a statement's end comes before the next one's start.
        edits.sort_by_key(|e| (e.start, e.end));
        let mut out = String::with_capacity(self.source.len() * 2);
        out.push_str(PRELUDE);
        let mut at = 0;
        for e in edits {
            if e.start < at {
                continue;
            }
            out.push_str(&self.source[at..e.start]);
            out.push_str(&e.text);
            at = e.end;
        }
        out.push_str(&self.source[at..]);
        out
    }
}

/// What one run of a program reported.
struct Run {
    results: BTreeMap<usize, UnitResult>,
    reached_end: bool,
    /// Why the program ended early, if it did.
    death: Option<String>,
}

fn run_program(interp: &codemode_lua::LuaInterpreter, src: &str) -> Run {
    let options = CompileOptions {
        limits: VmLimits {
            max_fuel: MAX_FUEL,
            max_memory_bytes: MAX_MEMORY,
            max_source_bytes: src.len() + 1,
            ..VmLimits::default()
        },
        ..CompileOptions::default()
    };
    let mut run = Run {
        results: BTreeMap::new(),
        reached_end: false,
        death: None,
    };
    let program = match interp.compile(src, &options) {
        Ok(p) => p,
        Err(d) => {
            run.death = Some(format!("compile: {}", d.message));
            return run;
        }
    };
    let mut exec = program.start(StartOptions {
        deadline: Some(Deadline::after(MAX_WALL)),
        ..StartOptions::default()
    });
    let started = Instant::now();
    loop {
        let step = exec.step(FUEL_SLICE);
        for line in &step.logs {
            let Some(rest) = line.strip_prefix("\u{1}") else {
                continue;
            };
            if rest == "END" {
                run.reached_end = true;
                continue;
            }
            let Some(rest) = rest.strip_prefix("U ") else {
                continue;
            };
            let (n, verdict) = rest.split_once(' ').unwrap_or((rest, ""));
            let Ok(n) = n.parse::<usize>() else {
                continue;
            };
            let result = match verdict.strip_prefix("FAIL ") {
                Some(msg) => UnitResult::Fail(msg.chars().take(200).collect()),
                None => UnitResult::Pass,
            };
            run.results.insert(n, result);
        }
        let answered = !step.calls.is_empty();
        for call in step.calls {
            exec.complete(
                call.id,
                HostOutcome::Err(HostError::new("Denied", "the Lua test suite has no tools")),
            );
        }
        match step.state {
            StepState::Running => {}
            StepState::Waiting if answered => {}
            StepState::Waiting => {
                run.death = Some("waiting on the host forever".into());
                return run;
            }
            StepState::Done(_) => return run,
            // The file's final value need not be data; it ran.
            StepState::Failed(_) if run.reached_end => return run,
            StepState::Failed(d) => {
                run.death = Some(format!("{}: {}", d.kind, d.message));
                return run;
            }
        }
        if started.elapsed() > MAX_WALL {
            run.death = Some("wall-time limit".into());
            return run;
        }
    }
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Counts {
    passed: u32,
    failed: u32,
    skipped: u32,
}

struct FileReport {
    counts: Counts,
    /// Failing sections with their first failure.
    failures: Vec<String>,
    /// Skipped sections and dropped statements with the reasons.
    skips: Vec<String>,
}

fn run_file(interp: &codemode_lua::LuaInterpreter, path: &Path) -> FileReport {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            return FileReport {
                counts: Counts {
                    failed: 1,
                    ..Counts::default()
                },
                failures: vec![format!("read: {e}")],
                skips: Vec::new(),
            }
        }
    };
    let source = codemode_lua_syntax::source_from_bytes(&bytes).into_owned();
    let plan = match plan(source) {
        Ok(p) => p,
        Err(e) => {
            return FileReport {
                counts: Counts {
                    failed: 1,
                    ..Counts::default()
                },
                failures: vec![format!("whole file: {e}")],
                skips: Vec::new(),
            }
        }
    };
    let mut removed = vec![false; plan.units.len()];
    let mut results: BTreeMap<usize, UnitResult> = BTreeMap::new();
    let mut runs = 0;
    loop {
        runs += 1;
        let run = run_program(interp, &plan.program(&removed));
        for (n, r) in run.results {
            results.entry(n).or_insert(r);
        }
        let Some(death) = run.death else { break };
        // The unit that ended the program: the first one not reported.
        let dead = (0..plan.units.len()).find(|&i| !removed[i] && !results.contains_key(&i));
        match dead {
            Some(i) if runs < MAX_RUNS => {
                results.insert(i, UnitResult::Fail(format!("ended the program: {death}")));
                removed[i] = true;
            }
            _ => {
                for i in 0..plan.units.len() {
                    results
                        .entry(i)
                        .or_insert_with(|| UnitResult::Fail(format!("not run: {death}")));
                }
                break;
            }
        }
    }
    let mut report = FileReport {
        counts: Counts::default(),
        failures: Vec::new(),
        skips: Vec::new(),
    };
    for s in &plan.sections {
        let name = match (s.kind, s.title.is_empty()) {
            (Kind::Block, true) => format!("do block at line {}", s.line),
            (Kind::Block, false) => format!("do block at line {} ({})", s.line, s.title),
            (Kind::Statements, true) => format!("statements from line {}", s.line),
            (Kind::Statements, false) => format!("statements from line {} ({})", s.line, s.title),
        };
        if s.units.is_empty() {
            if !s.dropped.is_empty() {
                report.counts.skipped += 1;
                report
                    .skips
                    .push(format!("{name}: skipped: {}", s.dropped.join("; ")));
            }
            continue;
        }
        if !s.dropped.is_empty() {
            report.skips.push(format!(
                "{name}: statements dropped: {}",
                s.dropped.join("; ")
            ));
        }
        let failure = s.units.iter().find_map(|&u| match results.get(&u) {
            Some(UnitResult::Pass) => None,
            Some(UnitResult::Fail(m)) => Some(format!("line {}: {m}", plan.units[u].line)),
            None => Some(format!("line {}: no result", plan.units[u].line)),
        });
        match failure {
            None => report.counts.passed += 1,
            Some(f) => {
                report.counts.failed += 1;
                report.failures.push(format!("{name}: {f}"));
            }
        }
    }
    report
}

struct Options {
    dir: PathBuf,
    update: bool,
    verbose: bool,
    /// Run only this file (no comparison, nothing written).
    only: Option<String>,
    /// Write the rewritten program of `only` here (to debug the rewriting).
    dump: Option<PathBuf>,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut dir = None;
    let mut update = false;
    let mut verbose = false;
    let mut only = None;
    let mut dump = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--dir" => dir = it.next().map(PathBuf::from),
            "--update" => update = true,
            "--verbose" => verbose = true,
            "--only" => only = it.next().cloned(),
            "--dump" => dump = it.next().map(PathBuf::from),
            other => return Err(format!("unknown lua-testes argument {other}")),
        }
    }
    let dir = dir.ok_or(
        "usage: cargo xtask lua-testes --dir PATH [--update] [--verbose] [--only FILE [--dump OUT]]",
    )?;
    if update && only.is_some() {
        return Err("--update records every file; drop --only".into());
    }
    Ok(Options {
        dir,
        update,
        verbose,
        only,
        dump,
    })
}

/// The directory holding the test files: PATH itself or PATH/testes.
fn testes_dir(dir: &Path) -> PathBuf {
    if dir.join("goto.lua").exists() {
        dir.to_path_buf()
    } else {
        dir.join("testes")
    }
}

pub fn lua_testes(args: &[String]) -> Result<(), String> {
    let opts = parse_args(args)?;
    let dir = testes_dir(&opts.dir);
    if !dir.join("all.lua").exists() {
        return Err(format!(
            "{} is not the testes directory of lua/lua (no all.lua)",
            dir.display()
        ));
    }
    let interp = codemode_lua::LuaInterpreter::new();
    let started = Instant::now();
    let mut reports: Vec<(&str, FileReport)> = Vec::new();
    for name in FILES {
        if opts.only.as_deref().is_some_and(|o| o != *name) {
            continue;
        }
        if let Some(out) = &opts.dump {
            let bytes = std::fs::read(dir.join(name)).map_err(|e| format!("{name}: {e}"))?;
            let source = codemode_lua_syntax::source_from_bytes(&bytes).into_owned();
            let p = plan(source)?;
            std::fs::write(out, p.program(&vec![false; p.units.len()]))
                .map_err(|e| format!("{}: {e}", out.display()))?;
        }
        let t = Instant::now();
        let report = run_file(&interp, &dir.join(name));
        let c = report.counts;
        eprintln!(
            "{name:16} {:3} passed {:3} failed {:3} skipped  ({:.1}s)",
            c.passed,
            c.failed,
            c.skipped,
            t.elapsed().as_secs_f64()
        );
        for f in &report.failures {
            eprintln!("    FAIL {f}");
        }
        if opts.verbose {
            for s in &report.skips {
                eprintln!("    SKIP {s}");
            }
        }
        reports.push((name, report));
    }
    eprintln!(
        "ran {} files in {:.1}s",
        reports.len(),
        started.elapsed().as_secs_f64()
    );
    if opts.only.is_some() {
        return Ok(());
    }

    let snapshot = render_snapshot(&reports);
    let table = render_table(&reports);
    print!("{table}");
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
    let old = std::fs::read_to_string(&snapshot_path).unwrap_or_default();
    let old = crate::test262::parse_snapshot(&old);
    let mut regressions = Vec::new();
    let mut gains = 0;
    for (name, r) in &reports {
        let before = old.get(*name).copied().unwrap_or(0);
        if r.counts.passed < before {
            regressions.push(format!(
                "{name}: {before} -> {} sections passed",
                r.counts.passed
            ));
        } else {
            gains += r.counts.passed - before;
        }
    }
    if gains > 0 {
        eprintln!(
            "{gains} more sections pass than {SNAPSHOT} records: run with --update to record them"
        );
    }
    if regressions.is_empty() {
        eprintln!("no regressions against {SNAPSHOT}");
        Ok(())
    } else {
        for r in &regressions {
            eprintln!("REGRESSION {r}");
        }
        Err(format!("{} files regressed", regressions.len()))
    }
}

fn render_snapshot(reports: &[(&str, FileReport)]) -> String {
    let mut out = String::new();
    out.push_str("# Lua 5.4.8 test suite (lua/lua tag v5.4.8, testes/) through codemode-lua:\n");
    out.push_str("# sections per file (cargo xtask lua-testes --dir PATH --update)\n");
    out.push_str("# file passed failed skipped\n");
    for (name, r) in reports {
        let c = r.counts;
        out.push_str(&format!("{name} {} {} {}\n", c.passed, c.failed, c.skipped));
    }
    out
}

fn render_table(reports: &[(&str, FileReport)]) -> String {
    let mut out =
        String::from("| file | sections passed | failed | skipped |\n|---|---|---|---|\n");
    let mut total = Counts::default();
    for (name, r) in reports {
        let c = r.counts;
        total.passed += c.passed;
        total.failed += c.failed;
        total.skipped += c.skipped;
        out.push_str(&format!(
            "| `{name}` | {} | {} | {} |\n",
            c.passed, c.failed, c.skipped
        ));
    }
    out.push_str(&format!(
        "| **total** | **{}** | {} | {} |\n",
        total.passed, total.failed, total.skipped
    ));
    out
}

fn replace_between_markers(doc: &str, table: &str) -> Option<String> {
    let start = doc.find(BEGIN)? + BEGIN.len();
    let end = start + doc[start..].find(END)?;
    Some(format!("{}\n{table}{}", &doc[..start], &doc[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skip_reasons_read_code_not_comments_or_strings() {
        assert_eq!(
            skip_reason("local d = require 'debug'"),
            Some("require (no modules)")
        );
        assert_eq!(
            skip_reason("assert(debug.getinfo(1))"),
            Some("the debug library")
        );
        assert_eq!(
            skip_reason("x = string.dump(f)"),
            Some("string.dump (binary chunks)")
        );
        assert_eq!(skip_reason("-- uses io.write\nx = 1"), None);
        assert_eq!(skip_reason("x = 'os.time' .. [[io.read]]"), None);
        assert_eq!(skip_reason("local ios = 1; t.os = 2"), None);
        assert_eq!(skip_reason("local dump = 1"), None);
        assert_eq!(
            skip_reason("collectgarbage(); collectgarbage 'collect'"),
            None
        );
        assert!(skip_reason("local m = collectgarbage('count')").is_some());
        assert!(skip_reason("collectgarbage(\"generational\")").is_some());
        assert_eq!(
            skip_reason("setmetatable({}, {__mode = 'k'})"),
            Some("__mode (weak tables are not run)")
        );
        assert!(escaping_goto("do goto l3 end"));
        assert!(!escaping_goto("do goto l1; ::l1:: end"));
    }

    #[test]
    fn blocks_and_statements_become_units_on_their_own_lines() {
        let src = "print('testing x')\nlocal a = 1\ndo\n  assert(a == 1)\nend\nassert(a)\nlocal d = require'debug'\nreturn 1\n";
        let plan = plan(src.to_string()).expect("parses");
        assert_eq!(plan.sections.len(), 3);
        assert_eq!(plan.sections[0].kind, Kind::Statements);
        assert_eq!(plan.sections[0].title, "testing x");
        assert_eq!(plan.sections[1].kind, Kind::Block);
        assert_eq!(plan.sections[2].dropped.len(), 1);
        let program = plan.program(&vec![false; plan.units.len()]);
        assert_eq!(program.lines().count(), src.lines().count());
        assert!(program.contains("__unit(2, function(...)\n  assert(a == 1)\nend)"));
        assert!(program.contains("local a = __try(1, function(...) return 1 end)"));
        assert!(program.contains("__P(\"\\1END\") return 1"));
        let mut removed = vec![false; plan.units.len()];
        removed[2] = true;
        assert!(!plan.program(&removed).contains("a == 1"));
    }
}
