//! Focused parser behaviour: ASI, restricted productions, regex vs division, strings as
//! UTF-16, spans and locations.

use codemode_core::{DiagnosticKind, Location};
use codemode_js_syntax::{
    parse, render::render, ExprKind, LineIndex, ParseLimits, Program, StmtKind,
};

fn ok(source: &str) -> Program {
    parse(source, &ParseLimits::default()).unwrap_or_else(|d| panic!("{source:?}: {d:?}"))
}

fn lines(source: &str) -> String {
    render(&ok(source))
}

fn err(source: &str) -> (DiagnosticKind, Location, String) {
    let d = parse(source, &ParseLimits::default()).expect_err(source);
    (d.kind, d.location.expect("location"), d.message)
}

#[test]
fn asi_inserts_before_newline_brace_and_eof() {
    assert_eq!(lines("a\nb"), "expr a\nexpr b\n");
    assert_eq!(lines("{ a }"), "block\n  expr a\n");
    assert_eq!(lines("let x = 1"), "let x = 1\n");
    assert_eq!(
        lines("function f() { return 1 }"),
        "function f ()\n  return 1\n"
    );
    assert_eq!(lines("x = 1\ny = 2\n"), "expr (= x 1)\nexpr (= y 2)\n");
    // No ASI without a line break.
    assert_eq!(err("a b").2, "Unexpected identifier 'b'");
    assert_eq!(err("let x = 1 let y = 2").2, "Unexpected identifier 'let'");
}

#[test]
fn restricted_productions() {
    assert_eq!(lines("return\nvalue"), "return\nexpr value\n");
    assert_eq!(
        lines("for (;;) { break\nlabel }"),
        "for (_; _; _)\n  block\n    break\n    expr label\n"
    );
    assert_eq!(
        lines("while (x) { continue\ny }"),
        "while x\n  block\n    continue\n    expr y\n"
    );
    assert_eq!(lines("a\n++b"), "expr a\nexpr (++ b)\n");
    assert_eq!(lines("a\n--b"), "expr a\nexpr (-- b)\n");
    assert_eq!(lines("a++\nb"), "expr (postfix++ a)\nexpr b\n");
    let (_, loc, msg) = err("throw\nerror");
    assert_eq!(
        (loc, msg.as_str()),
        (Location::new(2, 1), "Illegal newline after throw")
    );
    let (_, loc, msg) = err("x\n=> 1");
    assert_eq!(
        (loc, msg.as_str()),
        (Location::new(2, 1), "Unexpected token '=>'")
    );
    // `async` followed by a newline is a plain identifier.
    assert_eq!(
        lines("async\nfunction f() {}"),
        "expr async\nfunction f ()\n"
    );
}

#[test]
fn lines_starting_with_paren_or_bracket_continue() {
    assert_eq!(lines("a\n(b)"), "expr (call a b)\n");
    assert_eq!(lines("a\n[0]"), "expr ([] a 0)\n");
    assert_eq!(lines("a\n`t`"), "expr (tagged a \"t\")\n");
    assert_eq!(lines("a\n+b"), "expr (+ a b)\n");
    assert_eq!(lines("a\n.b"), "expr (. a b)\n");
}

#[test]
fn regex_versus_division() {
    assert_eq!(lines("a / b / c"), "expr (/ (/ a b) c)\n");
    assert_eq!(lines("(a) / 2"), "expr (/ a 2)\n");
    assert_eq!(lines("a[0] / 2"), "expr (/ ([] a 0) 2)\n");
    assert_eq!(lines("a /= 2"), "expr (/= a 2)\n");
    assert_eq!(lines("x = 1 / 2 // c\n/ 4"), "expr (= x (/ (/ 1 2) 4))\n");
    for regex in [
        "x = /a/",
        "f(/a/)",
        "[/a/]",
        "return /a/",
        "x = typeof /a/",
        "!/a/.test(s)",
        "x = a ? /b/ : c",
        "x = /[/]/",
    ] {
        let rendered = lines(regex);
        assert!(
            rendered.contains("/a/") || rendered.contains("/b/") || rendered.contains("/[/]/"),
            "{regex}: {rendered}"
        );
    }
    // Early errors: an invalid pattern or flags fails the parse, worded as V8 words it.
    let (kind, _, msg) = err("x = /(/");
    assert_eq!(
        (kind, msg.as_str()),
        (
            DiagnosticKind::ParseError,
            "Invalid regular expression: /(/: Unterminated group"
        )
    );
    let (kind, _, msg) = err("x = /a/gg");
    assert_eq!(
        (kind, msg.as_str()),
        (
            DiagnosticKind::ParseError,
            "Invalid regular expression flags"
        )
    );
    let (kind, _, msg) = err("x = /abc");
    assert_eq!(
        (kind, msg.as_str()),
        (
            DiagnosticKind::ParseError,
            "Invalid regular expression: missing /"
        )
    );
}

fn string_of(source: &str) -> Vec<u16> {
    let program = ok(source);
    match &program.body[0].kind {
        StmtKind::Expr(e) => match &e.kind {
            ExprKind::String(s) => s.clone(),
            other => panic!("not a string: {other:?}"),
        },
        other => panic!("not an expression: {other:?}"),
    }
}

#[test]
fn strings_are_utf16_with_all_escapes() {
    assert_eq!(
        string_of(r#""a\x41\u0042\u{43}""#),
        "aABC".encode_utf16().collect::<Vec<_>>()
    );
    assert_eq!(string_of(r#""😀""#), vec![0xD83D, 0xDE00]);
    assert_eq!(string_of(r#""\u{1F600}""#), vec![0xD83D, 0xDE00]);
    assert_eq!(string_of(r#""\uD800""#), vec![0xD800]);
    assert_eq!(
        string_of("'a\\\nb'"),
        "ab".encode_utf16().collect::<Vec<_>>()
    );
    assert_eq!(
        string_of("'a\\\r\nb'"),
        "ab".encode_utf16().collect::<Vec<_>>()
    );
    assert_eq!(
        string_of(r#""\0\b\f\n\r\t\v\q""#),
        vec![0, 8, 12, 10, 13, 9, 11, b'q' as u16]
    );
    assert_eq!(string_of("\"\u{2028}\""), vec![0x2028]);
    let (_, _, msg) = err(r#"x = "\07""#);
    assert!(msg.contains("Octal escape"), "{msg}");
    assert_eq!(err(r#"x = "\x4""#).2, "Invalid hexadecimal escape sequence");
    assert_eq!(err(r#"x = "\u{110000}""#).2, "Undefined Unicode code-point");
    assert_eq!(err("x = 'abc").2, "Invalid or unexpected token");
}

#[test]
fn numbers() {
    let n = |s: &str| match &ok(s).body[0].kind {
        StmtKind::Expr(e) => match e.kind {
            ExprKind::Number(n) => n,
            ref other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    };
    assert_eq!(n("1_000_000"), 1e6);
    assert_eq!(n("0xFF"), 255.0);
    assert_eq!(n("0o17"), 15.0);
    assert_eq!(n("0b1010"), 10.0);
    assert_eq!(n(".5"), 0.5);
    assert_eq!(n("5."), 5.0);
    assert_eq!(n("1e3"), 1000.0);
    assert_eq!(n("0.1"), 0.1);
    assert_eq!(n("0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"), 2f64.powi(136));
    assert_eq!(err("x = 3in[1]").2, "Invalid or unexpected token");
}

#[test]
fn spans_and_locations() {
    let source = "let a = 1;\nconst 😀x = f(a,\n  b);";
    let program = parse(source, &ParseLimits::default());
    // Identifiers must start with ID_Start: the emoji is an invalid token.
    let d = program.unwrap_err();
    assert_eq!(d.location, Some(Location::new(2, 7)));

    let source = "let a = 1;\nconst é = f(a,\n  b);";
    let program = ok(source);
    let index = LineIndex::new(source);
    let second = &program.body[1];
    assert_eq!(
        &source[second.span.start as usize..second.span.end as usize],
        "const é = f(a,\n  b);"
    );
    assert_eq!(
        index.location(source, second.span.start as usize),
        Location::new(2, 1)
    );
    let StmtKind::VarDecl(decl) = &second.kind else {
        panic!()
    };
    let init = decl.declarators[0].init.as_ref().unwrap();
    // Columns count characters: `f` is the 11th character of line 2.
    assert_eq!(
        index.location(source, init.span.start as usize),
        Location::new(2, 11)
    );
    assert_eq!(
        &source[init.span.start as usize..init.span.end as usize],
        "f(a,\n  b)"
    );
    let (_, loc, _) = err("let a = 1;\nconst é = f(a b);");
    assert_eq!(loc, Location::new(2, 15));
}

#[test]
fn templates_nest_with_braces() {
    assert_eq!(
        lines("`a${ {b: `c${ {d: 1}.d }`}.b }e`"),
        "expr (template \"a\" (. {b: (template \"c\" (. {d: 1} d) \"\")} b) \"e\")\n"
    );
    assert_eq!(err("`a${b").2, "Unterminated template literal");
    assert_eq!(err("`a${b}").2, "Unterminated template literal");
    assert_eq!(err("x = `\\u{`").2, "Invalid Unicode escape sequence");
}

#[test]
fn cover_grammar() {
    assert_eq!(lines("[a, b] = [b, a]"), "expr (= [a, b] [b, a])\n");
    assert_eq!(lines("({a, b} = obj)"), "expr (= {a, b} obj)\n");
    assert_eq!(lines("(a) = 1"), "expr (= a 1)\n");
    assert_eq!(lines("[(a)] = x"), "expr (= [a] x)\n");
    assert_eq!(err("({a}) = 1").2, "Invalid left-hand side in assignment");
    assert_eq!(
        err("[({a})] = 1").2,
        "Invalid destructuring assignment target"
    );
    assert_eq!(
        err("[a + b] = 1").2,
        "Invalid destructuring assignment target"
    );
    assert_eq!(
        err("(a.b) => 1").2,
        "Invalid destructuring assignment target"
    );
    assert_eq!(
        err("(a, ...b, c) => 1").2,
        "Rest parameter must be last formal parameter"
    );
    assert_eq!(
        lines("(a, {b: [c]}, ...d) => 1"),
        "expr (arrow (a, {b: [c]}, ...d) => 1)\n"
    );
    assert_eq!(
        lines("async (a, b) => a"),
        "expr (async arrow (a, b) => a)\n"
    );
    assert_eq!(lines("async (a, ...b)"), "expr (call async a (... b))\n");
    assert_eq!(lines("x = {a = 1} = y"), "expr (= x (= {a = 1} y))\n");
}

#[test]
fn for_heads() {
    assert_eq!(lines("for (a.of of b) ;"), "for ((. a of) of b)\n  empty\n");
    assert_eq!(lines("for (of of of) ;"), "for (of of of)\n  empty\n");
    assert_eq!(lines("for (let of of x) ;"), "for (let of of x)\n  empty\n");
    assert_eq!(
        lines("for (const k in o) ;"),
        "for (const k in o)\n  empty\n"
    );
    assert_eq!(
        lines("for (let i = (a in b); i; ) ;"),
        "for (let i = (in a b); i; _)\n  empty\n"
    );
    assert_eq!(
        lines("for (;;) x = a in b"),
        "for (_; _; _)\n  expr (= x (in a b))\n"
    );
    assert_eq!(err("for (let x = 1 of y) ;").0, DiagnosticKind::ParseError);
    assert_eq!(
        err("for (const x;;) ;").2,
        "Missing initializer in const declaration"
    );
}

#[test]
fn top_level_await_and_return() {
    assert_eq!(lines("return await f()"), "return (await (call f))\n");
    assert_eq!(
        lines("async function f() { await g() }"),
        "async function f ()\n  expr (await (call g))\n"
    );
    assert_eq!(
        lines("const f = async () => await g()"),
        "const f = (async arrow () => (await (call g)))\n"
    );
    let (_, _, msg) = err("const f = () => await g()");
    assert!(msg.starts_with("await is only valid"), "{msg}");
}

#[test]
fn redeclarations() {
    ok("var a; var a; function f() {} function f() {}");
    ok("let a; { let a; } function g(a) { var a; }");
    ok("try {} catch (e) { var e; }");
    ok("for (let i = 0;;) { let i; }");
    ok("switch (x) { case 1: let y; }");
    assert_eq!(
        err("switch (x) { case 1: let y; case 2: let y; }").2,
        "Identifier 'y' has already been declared"
    );
    assert_eq!(
        err("let a; var a;").2,
        "Identifier 'a' has already been declared"
    );
    assert_eq!(
        err("const [a, a] = x;").2,
        "Identifier 'a' has already been declared"
    );
    assert_eq!(
        err("import x from 'fs'; let x;").2,
        "Identifier 'x' has already been declared"
    );
    assert_eq!(err("if (x) let y = 1;").0, DiagnosticKind::ParseError);
}
