//! TypeScript's erasable syntax: `fixtures/ts/*.ts` are snapshotted as the parser reads
//! them after stripping (types blanked, as node's `--experimental-strip-types` does);
//! those without classes must parse to the same AST as the stripped text and as the output
//! of the `typescript` package's `transpileModule`. Non-erasable syntax is UnsupportedSyntax
//! with a location and a reason; JavaScript that looks like types keeps its meaning; type
//! nesting and the work of speculative type parsing are bounded.

use std::path::{Path, PathBuf};
use std::process::Command;

use codemode_core::DiagnosticKind;
use codemode_js_syntax::{parse, render::render, strip_types, ParseLimits};

fn fixtures() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ts");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("fixture directory")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ts"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no fixtures in {}", root.display());
    files
}

fn name(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}

fn rendered(source: &str) -> String {
    match parse(source, &ParseLimits::default()) {
        Ok(program) => render(&program),
        Err(d) => panic!("does not parse: {d}\n{source}"),
    }
}

/// Classes are parsed once the class grammar lands; their fixtures are checked as text.
fn parses_today(source: &str) -> bool {
    !source.contains("class ")
}

#[test]
fn stripped_fixtures() {
    for path in fixtures() {
        let source = std::fs::read_to_string(&path).unwrap();
        let stripped = strip_types(&source, &ParseLimits::default())
            .unwrap_or_else(|d| panic!("{}: {d}", path.display()));
        assert_eq!(
            stripped.len(),
            source.len(),
            "{}: offsets move",
            path.display()
        );
        insta::assert_snapshot!(format!("ts__{}", name(&path)), stripped);
        if parses_today(&source) {
            assert_eq!(
                rendered(&source),
                rendered(&stripped),
                "{}: the stripped text parses differently",
                path.display()
            );
        }
    }
}

/// The `typescript` package's output for each program (tests/ts_transpile.js of codemode-js).
fn typescript_transpile(programs: &[String]) -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../codemode-js/tests/ts_transpile.js");
    let mut child = Command::new("node")
        .arg(script)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("node must be installed (the reference engine)");
    let input = serde_json::to_vec(programs).unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), &input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "ts_transpile.js failed (is the typescript package installed? see .ci/run)"
    );
    let result: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    result["out"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| match r["js"].as_str() {
            Some(js) => js.to_string(),
            None => panic!("typescript rejected a fixture: {}", r["error"]),
        })
        .collect()
}

#[test]
fn fixtures_parse_like_typescript_output() {
    let files: Vec<(PathBuf, String)> = fixtures()
        .into_iter()
        .map(|p| {
            let s = std::fs::read_to_string(&p).unwrap();
            (p, s)
        })
        .filter(|(_, s)| parses_today(s))
        .collect();
    let sources: Vec<String> = files.iter().map(|f| f.1.clone()).collect();
    let transpiled = typescript_transpile(&sources);
    for ((path, source), js) in files.iter().zip(&transpiled) {
        assert_eq!(
            rendered(source),
            rendered(js),
            "{}: ours and typescript's stripping parse differently; typescript gave:\n{js}",
            path.display()
        );
    }
}

fn unsupported(source: &str) -> (u32, u32, String) {
    let d = parse(source, &ParseLimits::default()).expect_err(source);
    assert_eq!(d.kind, DiagnosticKind::UnsupportedSyntax, "{source}: {d}");
    let at = d.location.expect("a location");
    (at.line, at.column, d.message)
}

#[test]
fn non_erasable_syntax_is_unsupported_with_a_reason() {
    let cases: &[(&str, u32, u32, &str)] = &[
        (
            "const a: number = 1;\nenum Color { Red }",
            2,
            1,
            "enums are not erasable",
        ),
        ("const enum E { A = 1 }", 1, 1, "enums are not erasable"),
        (
            "namespace N { export const x = 1; }",
            1,
            1,
            "namespaces with values are not erasable",
        ),
        (
            "module M { function f() {} }",
            1,
            1,
            "namespaces with values are not erasable",
        ),
        (
            "const f = function (private x: number) {};",
            1,
            21,
            "parameter properties",
        ),
        ("@sealed\nfunction f() {}", 1, 1, "decorators"),
    ];
    for &(source, line, column, needle) in cases {
        let (l, c, message) = unsupported(source);
        assert_eq!((l, c), (line, column), "{source}: {message}");
        assert!(message.contains(needle), "{source}: {message}");
    }
}

#[test]
fn javascript_that_looks_like_types_keeps_its_meaning() {
    let programs = [
        "a < b > c;",
        "a < b > -c;",
        "a < b && c > d;",
        "x = a ? (b) : c;",
        "x = a ? (b) : c => c;",
        "x = a ? (b ? c : d) : e => e;",
        "switch (v) { case f(x): { break; } }",
        "label: for (;;) break label;",
        "if (a) !b;",
        "while (a) !b;",
        "x = { a: 1, b: c ? d : e };",
        "const { a: b } = o;",
        "f(a ? b : c, d);",
        "a\n!b;",
        "x = a\nas(b);",
        "let type = 1; type = 2; let interface2 = type < 3;",
        "const declare = 1, abstract = declare;",
        "o.type; o.interface; o.as(1);",
        "for (const as of xs) as;",
        "x = f(a) < g(b);",
        "x = y ?? z;",
        "x = ['10' < 9, null >= 0];",
        "x = [a < b, c >> d];",
        "x = [a < b, c >>= d];",
        "x = a ? b : c ? d : e;",
        "import { a as b, \"c\" as d } from \"m\";",
    ];
    for source in programs {
        let stripped = strip_types(source, &ParseLimits::default()).unwrap();
        assert_eq!(stripped, source, "type stripping changed plain JavaScript");
    }
}

#[test]
fn locations_stay_those_of_the_original_source() {
    let d = parse(
        "let x: Array<number> = [];\nconst y: string = x +;",
        &ParseLimits::default(),
    )
    .unwrap_err();
    let at = d.location.unwrap();
    assert_eq!((at.line, at.column), (2, 22), "{d}");
}

#[test]
fn type_nesting_is_bounded() {
    let limits = ParseLimits::default();
    let n = 20_000;
    let deep_generic = format!("let x: {}number{};", "A<".repeat(n), ">".repeat(n));
    let deep_keyof = format!("let x: {}T;", "keyof ".repeat(n));
    let deep_conditional = format!("type C = {}X;", "A extends B ? X : ".repeat(n));
    let deep_array = format!("let x: T{};", "[]".repeat(500));
    for source in [deep_generic, deep_keyof, deep_conditional] {
        let d = parse(&source, &limits).unwrap_err();
        assert_eq!(d.kind, DiagnosticKind::ParseError, "{d}");
        assert!(d.message.contains("nested too deeply"), "{d}");
    }
    // Postfix array types are a loop, not nesting.
    parse(&deep_array, &limits).unwrap();
}

#[test]
fn speculative_type_parsing_stays_linear() {
    // Every `<` after an operand starts a speculative type-argument read, and here each
    // read nests into the next `<` (`b, c < d, ...` could be type arguments) until the
    // list ends. Failed reads are remembered, so this is linear, and it is JavaScript.
    let n = 20_000;
    let items: Vec<String> = (0..n).map(|i| format!("x < {i}")).collect();
    let source = format!("return [{}];", items.join(", "));
    let stripped = strip_types(&source, &ParseLimits::default()).unwrap();
    assert_eq!(stripped, source);
    parse(&source, &ParseLimits::default()).unwrap();
    let calls: Vec<String> = (0..n).map(|i| format!("f(a < b{i}, c > d)")).collect();
    let source = calls.join(";\n");
    assert_eq!(
        strip_types(&source, &ParseLimits::default()).unwrap(),
        source
    );
}
