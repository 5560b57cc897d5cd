//! Fixture files: `fixtures/ok/*.js` must parse (their rendered AST is snapshotted);
//! `fixtures/errors/*.js` must fail (the diagnostic is snapshotted and its wording compared
//! with `node --check`).

use std::path::{Path, PathBuf};
use std::process::Command;

use codemode_js_syntax::{parse, render::render, ParseLimits};

fn fixtures(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("fixture directory")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "js"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no fixtures in {}", root.display());
    files
}

fn name(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}

#[test]
fn ok_fixtures() {
    for path in fixtures("ok") {
        let source = std::fs::read_to_string(&path).unwrap();
        let program = parse(&source, &ParseLimits::default())
            .unwrap_or_else(|d| panic!("{}: {d:?}", path.display()));
        insta::assert_snapshot!(format!("ok__{}", name(&path)), render(&program));
    }
}

/// node's message for a file, from `node --check` ("SyntaxError: ...").
fn node_message(path: &Path) -> String {
    let out = Command::new("node")
        .arg("--check")
        .arg(path)
        .output()
        .expect("node must be installed (the reference engine)");
    let stderr = String::from_utf8_lossy(&out.stderr);
    stderr
        .lines()
        .find_map(|l| l.strip_prefix("SyntaxError: "))
        .map(str::to_string)
        .unwrap_or_else(|| format!("<node accepted it: {}>", stderr.trim()))
}

/// Fixtures whose wording differs from node on purpose, with the reason.
const DIFFERS: &[(&str, &str)] = &[
    (
        "invalid_assignment_call",
        "node defers `f() = 1` to a runtime ReferenceError in scripts; we reject it early",
    ),
    (
        "invalid_for_of_target",
        "node defers a call as for-of target to run time; we reject it early",
    ),
    (
        "prefix_on_call",
        "node defers `++f()` to a runtime ReferenceError in scripts; we reject it early",
    ),
    (
        "unterminated_template",
        "we name the unterminated template instead of `Unexpected end of input`",
    ),
    (
        "yield_outside_generator",
        "node reads `yield` as a name outside generators in scripts; codemode reads it as a keyword everywhere and says so",
    ),
    (
        "await_in_nested_arrow",
        "node reports a confusing `missing ) after argument list`; we name the real cause",
    ),
];

#[test]
fn error_fixtures() {
    let mut mismatches = Vec::new();
    for path in fixtures("errors") {
        let source = std::fs::read_to_string(&path).unwrap();
        let diagnostic = match parse(&source, &ParseLimits::default()) {
            Ok(p) => panic!("{} parsed: {}", path.display(), render(&p)),
            Err(d) => d,
        };
        let location = diagnostic.location.expect("errors carry a location");
        let node = node_message(&path);
        let rendered = format!(
            "{} at {}:{}: {}\nnode: {}\n",
            diagnostic.kind, location.line, location.column, diagnostic.message, node
        );
        insta::assert_snapshot!(format!("error__{}", name(&path)), rendered);
        let stem = name(&path);
        if node != diagnostic.message && !DIFFERS.iter().any(|(n, _)| *n == stem) {
            mismatches.push(format!(
                "{stem}: ours {:?}, node {:?}",
                diagnostic.message, node
            ));
        }
    }
    assert!(
        mismatches.is_empty(),
        "wording differs from node:\n{}",
        mismatches.join("\n")
    );
}
