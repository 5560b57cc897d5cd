//! Deeply nested programs end in a clean error (or parse) without overflowing the stack:
//! every case runs on a thread with a 256 KiB stack, and drops its AST there too.

use codemode_lua_syntax::{parse, ParseLimits};

const SMALL_STACK: usize = 256 * 1024;

fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("no stack overflow or panic")
}

/// Parses on a small stack; returns the error message (None on success). The AST is dropped
/// on that thread.
fn parse_small(src: String) -> Option<String> {
    on_small_stack(move || match parse(&src, &ParseLimits::default()) {
        Ok(chunk) => {
            drop(chunk);
            None
        }
        Err(d) => Some(d.message),
    })
}

fn too_deep(src: String) {
    let msg = parse_small(src).expect("must be rejected");
    assert!(
        msg.starts_with("chunk has too many syntax levels"),
        "unexpected message: {msg}"
    );
}

fn rep(s: &str, n: usize) -> String {
    s.repeat(n)
}

#[test]
fn nested_parens() {
    too_deep(format!("x = {}1{}", rep("(", 10_000), rep(")", 10_000)));
    // Unbalanced too: rejected before the parser sees the end.
    too_deep(format!("x = {}", rep("(", 100_000)));
}

#[test]
fn nested_tables() {
    too_deep(format!("x = {}{}", rep("{", 10_000), rep("}", 10_000)));
    too_deep(format!("x = {}", rep("{a=", 10_000)));
}

#[test]
fn nested_functions_and_blocks() {
    too_deep(format!(
        "x = {}1{}",
        rep("function() return ", 10_000),
        rep(" end", 10_000)
    ));
    too_deep(format!("{}{}", rep("do ", 10_000), rep("end ", 10_000)));
    too_deep(rep("while x do ", 10_000));
    too_deep(rep("if x then ", 10_000));
    too_deep(rep("repeat ", 10_000));
    too_deep(rep("for i=1,2 do ", 10_000));
}

#[test]
fn operator_chains() {
    too_deep(format!("x = {}1", rep("- ", 10_000)));
    too_deep(format!("x = {}1", rep("not ", 10_000)));
    too_deep(format!("x = {}1", rep("~ ", 10_000)));
    too_deep(format!("x = {}t", rep("# ", 10_000)));
    too_deep(format!("x = a{}", rep("..a", 100_000)));
    too_deep(format!("x = 2{}", rep("^2", 100_000)));
    // Binary minus and xor are left-associative: only their unary forms nest.
    too_deep(format!("x = a{}1", rep("- ", 10_000)));
}

/// Left-associative chains are flat for Lua's parser (a loop, not recursion), so they parse
/// at any length, as in lua5.4; parsing, checking and dropping them must not recurse.
#[test]
fn left_associative_chains_parse_at_any_length() {
    for op in [
        "+a", "-a", "*a", "//a", "%a", "&a", "|a", "~a", "<<a", " or a", " and a", "<a", "==a",
    ] {
        assert_eq!(
            parse_small(format!("x = a{}", rep(op, 20_000))),
            None,
            "{op}"
        );
    }
    // Mixed priorities: each operand of the loosest chain is a short chain of its own.
    assert_eq!(
        parse_small(format!("x = a{}", rep(" or a and b == c + d * e", 20_000))),
        None
    );
}

#[test]
fn suffix_chains_parse_at_any_length() {
    for suffix in [".b", "[1]", "()", ":m()", "'s'", "{}", ".b:c(1)[2]"] {
        assert_eq!(parse_small(format!("x = a{}", rep(suffix, 20_000))), None);
    }
    assert_eq!(parse_small(format!("f{}", rep(":m()", 20_000))), None);
    assert_eq!(parse_small(format!("a{} = 1", rep(".b", 20_000))), None);
}

#[test]
fn rendering_a_long_chain_does_not_recurse() {
    let text = on_small_stack(|| {
        let chunk = parse(
            &format!("x = a{}", rep("+b.c", 50_000)),
            &ParseLimits::default(),
        )
        .expect("parses");
        codemode_lua_syntax::render::render(&chunk)
    });
    assert!(
        text.trim_start().starts_with("assign x = (+ (+ "),
        "{}",
        &text[..40]
    );
    assert!(text.contains("a b.c) b.c)"), "{}", &text[..200]);
}

#[test]
fn long_flat_programs_are_fine() {
    // Many statements, long lists and many table fields are flat, not deep.
    assert_eq!(parse_small(rep("x = x + 1\n", 10_000)), None);
    assert_eq!(parse_small(rep("f(1) g'a' h{} ", 5_000)), None);
    assert_eq!(
        parse_small(format!("t = {{{}}}", rep("1, a.b.c, f(x), ", 5_000))),
        None
    );
    assert_eq!(parse_small(format!("return {}1", rep("1, ", 5_000))), None);
    assert_eq!(
        parse_small(format!(
            "if a then {} end",
            rep("elseif b then x = 1 ", 5_000)
        )),
        None
    );
}

#[test]
fn long_runs_of_comments_and_blanks_are_flat() {
    // Whitespace and comments must not cost stack per occurrence (logos re-enters itself
    // after each skipped match, so they are tokens the adapter drops).
    assert_eq!(parse_small(rep("-- c\n", 50_000)), None);
    assert_eq!(parse_small(rep("--[[c]] \n\t", 50_000)), None);
    assert_eq!(
        parse_small(format!("x = 1{}", rep(" --[==[c]==]", 50_000))),
        None
    );
}

#[test]
fn nesting_just_under_the_bound_parses() {
    assert_eq!(
        parse_small(format!("x = {}1{}", rep("(", 150), rep(")", 150))),
        None
    );
    assert_eq!(
        parse_small(format!("x = {}{}", rep("{", 150), rep("}", 150))),
        None
    );
    assert_eq!(
        parse_small(format!(
            "x = {}1{}",
            rep("function() return ", 150),
            rep(" end", 150)
        )),
        None
    );
    assert_eq!(parse_small(format!("x = {}1", rep("- ", 150))), None);
    assert_eq!(parse_small(format!("x = a{}", rep("..a", 150))), None);
    assert_eq!(parse_small(format!("x = a{}", rep(".b", 150))), None);
}

#[test]
fn bound_is_configurable() {
    let src = format!("x = {}1{}", rep("(", 50), rep(")", 50));
    let tight = ParseLimits {
        max_nesting: 20,
        ..ParseLimits::default()
    };
    assert!(parse(&src, &tight).is_err());
    assert!(parse(&src, &ParseLimits::default()).is_ok());
}

#[test]
fn source_size_bound() {
    let limits = ParseLimits {
        max_source_bytes: 10,
        ..ParseLimits::default()
    };
    let err = parse("x = 1 + 2 + 3", &limits).unwrap_err();
    assert_eq!(err.kind, codemode_core::DiagnosticKind::ParseError);
    assert!(err.message.contains("too large"), "{}", err.message);
    assert!(parse("x = 1", &limits).is_ok());
}
