//! Nesting and size bounds: deep programs end in a clean diagnostic before any recursive
//! pass runs, on a small stack; programs just inside the bounds parse and drop fine.

use codemode_core::DiagnosticKind;
use codemode_js_syntax::{parse, ParseLimits};

const SMALL_STACK: usize = 256 * 1024;

/// The stack for programs that are accepted: their recursive passes (validation, drop) are
/// bounded by the limits; unoptimized builds need much larger frames than release builds.
const ACCEPT_STACK: usize = if cfg!(debug_assertions) {
    8 << 20
} else {
    256 * 1024
};

/// Parses (and drops the result) on a thread with a 256 KiB stack.
fn parse_small_stack(source: String, limits: ParseLimits) -> Result<(), (DiagnosticKind, String)> {
    parse_on_stack(source, limits, SMALL_STACK)
}

fn parse_on_stack(
    source: String,
    limits: ParseLimits,
    stack: usize,
) -> Result<(), (DiagnosticKind, String)> {
    std::thread::Builder::new()
        .stack_size(stack)
        .spawn(move || match parse(&source, &limits) {
            Ok(program) => {
                drop(program);
                Ok(())
            }
            Err(d) => Err((d.kind, d.message)),
        })
        .expect("spawn")
        .join()
        .expect("the parser must not overflow the stack or panic")
}

fn deep_cases(n: usize) -> Vec<(&'static str, String)> {
    vec![
        ("arrays", format!("x = {}1{}", "[".repeat(n), "]".repeat(n))),
        ("parens", format!("x = {}1{}", "(".repeat(n), ")".repeat(n))),
        ("blocks", format!("{}{}", "{".repeat(n), "}".repeat(n))),
        (
            "objects",
            format!("x = {}1{}", "{a:".repeat(n), "}".repeat(n)),
        ),
        ("calls", format!("x = {}1{}", "f(".repeat(n), ")".repeat(n))),
        ("negations", format!("x = {}1", "- ".repeat(n))),
        ("nots", format!("x = {}1", "!".repeat(n))),
        ("typeofs", format!("x = {}1", "typeof ".repeat(n))),
        ("awaits", format!("x = {}1", "await ".repeat(n))),
        ("news", format!("x = {}C", "new ".repeat(n))),
        (
            "spreads",
            format!("x = [{}a]", "...[".repeat(n)) + &"]".repeat(n),
        ),
        ("conditionals", format!("x = {}d", "a ? b : ".repeat(n))),
        ("assignments", format!("{}1", "a = ".repeat(n))),
        ("exponents", format!("x = {}2", "2 ** ".repeat(n))),
        ("arrows", format!("f = {}1", "x => ".repeat(n))),
        ("ifs", format!("{}x()", "if (a) ".repeat(n))),
        (
            "else ifs",
            format!("if (a) x(){}", "\nelse if (a) x()".repeat(n)),
        ),
        ("whiles", format!("{}x()", "while (a) ".repeat(n))),
        (
            "labels",
            (0..n).map(|i| format!("l{i}: ")).collect::<String>() + "x()",
        ),
        (
            "templates",
            format!("x = {}1{}", "`${".repeat(n), "}`".repeat(n)),
        ),
        (
            "functions",
            format!("{}{}", "(function () {".repeat(n), "})".repeat(n)),
        ),
        (
            "arrow bodies",
            format!("f = {}1{}", "() => (".repeat(n), ")".repeat(n)),
        ),
        ("assignment lines", format!("{}1", "a =\n".repeat(n))),
        ("index lines", format!("a = b{}", "\n[0] = b".repeat(n))),
    ]
}

#[test]
fn deep_nesting_is_a_clean_error_on_a_small_stack() {
    for (name, source) in deep_cases(20_000) {
        match parse_small_stack(source, ParseLimits::default()) {
            Ok(()) => panic!("{name}: accepted"),
            Err((kind, message)) => {
                assert_eq!(kind, DiagnosticKind::ParseError, "{name}: {message}");
                assert!(message.contains("nested too deeply"), "{name}: {message}");
            }
        }
    }
}

#[test]
fn nesting_just_inside_the_bound_parses_on_a_small_stack() {
    for (name, source) in deep_cases(60) {
        // Some shapes are not valid programs (`await` is fine at top level, `++++a` is not);
        // what matters is a clean outcome on a small stack.
        match parse_on_stack(source, ParseLimits::default(), ACCEPT_STACK) {
            Ok(()) => {}
            Err((_, message)) => {
                assert!(!message.contains("nested too deeply"), "{name}: {message}")
            }
        }
    }
}

#[test]
fn long_left_associative_chains_are_fine() {
    for (name, source) in [
        ("sum", format!("x = a{}", " + a".repeat(900))),
        ("members", format!("x = a{}", ".b".repeat(900))),
        ("calls", format!("x = f{}", "()".repeat(900))),
        ("and", format!("x = a{}", " && a".repeat(900))),
        ("sequence", format!("x = (a{})", ", a".repeat(900))),
    ] {
        parse_on_stack(source, ParseLimits::default(), ACCEPT_STACK)
            .unwrap_or_else(|e| panic!("{name}: {e:?}"));
    }
    // Far longer chains end in the same clean error.
    let err = parse_small_stack(
        format!("x = a{}", " + a".repeat(100_000)),
        ParseLimits::default(),
    )
    .unwrap_err();
    assert!(err.1.contains("nested too deeply"), "{err:?}");
}

#[test]
fn many_statements_are_not_nesting() {
    let source = "x = 1\ny = x + 1\nif (x) y()\n".repeat(5000);
    parse_small_stack(source, ParseLimits::default()).expect("flat programs parse");
    let source = "a = b = c;\n".repeat(5000);
    parse_small_stack(source, ParseLimits::default()).expect("flat programs parse");
    let source = "if (a) b(); else c();\n".repeat(5000);
    parse_small_stack(source, ParseLimits::default()).expect("flat programs parse");
}

#[test]
fn long_runs_of_comments_and_blanks_are_flat() {
    // Whitespace and comments must not cost stack per occurrence (logos re-enters itself
    // after each skipped match, so they are tokens the adapter drops).
    for source in [
        "// c\n".repeat(50_000),
        "/* c */ \n\t".repeat(50_000),
        format!("x = 1{}", " /**/".repeat(50_000)),
    ] {
        parse_small_stack(source, ParseLimits::default()).expect("comments are flat");
    }
}

#[test]
fn tighter_limits_apply() {
    let limits = ParseLimits {
        max_source_bytes: 1 << 20,
        max_nesting: 10,
    };
    assert!(parse_small_stack("x = [[[[[1]]]]]".into(), limits).is_ok());
    let err = parse_small_stack("x = [[[[[[[[[[[1]]]]]]]]]]]".into(), limits).unwrap_err();
    assert!(err.1.contains("nested too deeply"), "{err:?}");
}

#[test]
fn source_size_bound() {
    let limits = ParseLimits {
        max_source_bytes: 100,
        max_nesting: 200,
    };
    let err = parse_small_stack("x = 1;".repeat(50), limits).unwrap_err();
    assert_eq!(err.0, DiagnosticKind::ParseError);
    assert!(err.1.contains("too large"), "{err:?}");
}
