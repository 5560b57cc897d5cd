//! The public API: spans, lines, function metadata, numerals, strings, and the checks Lua's
//! parser makes (vararg, break, attributes) plus `check_supported`.

use codemode_core::{DiagnosticKind, Location};
use codemode_lua_syntax::*;

fn p(src: &str) -> Chunk {
    parse(src, &ParseLimits::default()).unwrap_or_else(|d| panic!("{src:?}: {d:?}"))
}

fn err(src: &str) -> (String, Location) {
    let d = parse(src, &ParseLimits::default()).unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::ParseError);
    (d.message, d.location.unwrap())
}

fn first_value(chunk: &Chunk) -> &Expr {
    match &chunk.block.stats[0].kind {
        StatKind::Local { values, .. } => &values[0],
        other => panic!("not a local: {other:?}"),
    }
}

#[test]
fn spans_and_locations() {
    let src = "local x = 1\nlocal y = x +\n  2";
    let chunk = p(src);
    let s = &chunk.block.stats[1];
    assert_eq!(
        &src[s.span.start as usize..s.span.end as usize],
        "local y = x +\n  2"
    );
    let StatKind::Local { values, .. } = &s.kind else {
        panic!()
    };
    let ExprKind::Binary { op_span, .. } = &values[0].kind else {
        panic!()
    };
    assert_eq!(
        chunk.line_index.location(op_span.start),
        Location::new(2, 13)
    );
    assert_eq!(chunk.line_index.line(values[0].span.end), 3);
}

#[test]
fn function_metadata() {
    let chunk = p("x = 1\nlocal f = function(a, b, ...)\n  return a\nend\nfunction t.m:n(c) end");
    let ExprKind::Function(f) = &match &chunk.block.stats[1].kind {
        StatKind::Local { values, .. } => &values[0],
        _ => panic!(),
    }
    .kind
    else {
        panic!()
    };
    assert_eq!((f.line, f.end_line), (2, 4));
    assert!(f.is_vararg);
    assert_eq!(f.params.len(), 2);
    let StatKind::Function { name, func } = &chunk.block.stats[2].kind else {
        panic!()
    };
    assert_eq!(&*name.base.name, "t");
    assert_eq!(name.fields.len(), 1);
    assert_eq!(name.method.as_ref().map(|m| &*m.name), Some("n"));
    let params: Vec<&str> = func.params.iter().map(|n| &*n.name).collect();
    assert_eq!(params, ["self", "c"]);
    assert!(!func.is_vararg);
}

#[test]
fn numerals_are_classified() {
    let cases: &[(&str, ExprKind)] = &[
        ("local v = 42", ExprKind::Int(42)),
        ("local v = 0xff", ExprKind::Int(255)),
        ("local v = 0xffffffffffffffff", ExprKind::Int(-1)),
        ("local v = 9223372036854775807", ExprKind::Int(i64::MAX)),
        (
            "local v = 9223372036854775808",
            ExprKind::Float(9223372036854775808.0),
        ),
        ("local v = 1.0", ExprKind::Float(1.0)),
        ("local v = 1e2", ExprKind::Float(100.0)),
        ("local v = 0x1p-1", ExprKind::Float(0.5)),
    ];
    for (src, want) in cases {
        assert_eq!(&first_value(&p(src)).kind, want, "{src}");
    }
}

#[test]
fn strings_are_bytes() {
    let chunk = p(r#"local v = "\xff\0\u{7FFFFFFF}\z
        x""#);
    assert_eq!(
        first_value(&chunk).kind,
        ExprKind::Str(vec![0xff, 0, 0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, b'x'])
    );
    let chunk = p("local v = [==[\r\nline1\r\nline2]]]==]");
    assert_eq!(
        first_value(&chunk).kind,
        ExprKind::Str(b"line1\nline2]]".to_vec())
    );
}

#[test]
fn call_continues_across_newlines() {
    let chunk = p("a = b\n(f)(x)");
    assert_eq!(chunk.block.stats.len(), 1);
    let chunk = p("a = b;\n(f)(x)");
    assert_eq!(chunk.block.stats.len(), 3);
    let chunk = p("a = 1\n(f)(x)");
    assert_eq!(chunk.block.stats.len(), 2);
}

#[test]
fn vararg_and_break_checks() {
    assert!(parse("return ...", &ParseLimits::default()).is_ok());
    assert!(parse(
        "function f(...) return function(...) return ... end end",
        &ParseLimits::default()
    )
    .is_ok());
    assert_eq!(
        err("function f() return ... end").0,
        "cannot use '...' outside a vararg function near '...'"
    );
    assert_eq!(
        err("function f(...) return function() return ... end end").0,
        "cannot use '...' outside a vararg function near '...'"
    );
    assert!(parse(
        "for i=1,2 do local f = function() end break end",
        &ParseLimits::default()
    )
    .is_ok());
    assert!(parse(
        "repeat if x then break end until y",
        &ParseLimits::default()
    )
    .is_ok());
    let (msg, loc) = err("x = 1\nwhile x do local f = function()\n break end end");
    assert_eq!(msg, "break outside loop at line 3");
    // Reported where Lua reports it: at the token after the function's `end`.
    assert_eq!(loc, Location::new(3, 12));
}

#[test]
fn attributes() {
    let chunk = p("local a <const>, b, c <close> = 1");
    let StatKind::Local { names, .. } = &chunk.block.stats[0].kind else {
        panic!()
    };
    let attrs: Vec<_> = names.iter().map(|n| n.attrib).collect();
    assert_eq!(attrs, [Some(Attrib::Const), None, Some(Attrib::Close)]);
    assert_eq!(err("local a <foo> = 1").0, "unknown attribute 'foo'");
}

#[test]
fn unsupported_constructs() {
    let ok = p("local a <const> = 1 do local b = function() return a end end");
    assert_eq!(check_supported(&ok), Ok(()));
    let jumps = p("do goto top end ::top:: f(function() while x do goto l ::l:: end end)");
    assert_eq!(check_supported(&jumps), Ok(()));
    let cases = [(
        "local f = function()\n local h <close> = nil end",
        "to-be-closed variables (<close>) are not supported",
        Location::new(2, 10),
    )];
    for (src, msg, loc) in cases {
        let d = check_supported(&p(src)).unwrap_err();
        assert_eq!(d.kind, DiagnosticKind::UnsupportedSyntax, "{src}");
        assert_eq!(d.message, msg, "{src}");
        assert_eq!(d.location, Some(loc), "{src}");
    }
}

#[test]
fn empty_and_comment_only_programs() {
    assert!(p("").block.stats.is_empty());
    assert!(p("-- just a comment").block.stats.is_empty());
    assert!(p("--[[ long\ncomment ]]").block.stats.is_empty());
    assert_eq!(err("x = ").0, "unexpected symbol near <eof>");
    assert_eq!(err("x = \n\n").1, Location::new(3, 1));
}
