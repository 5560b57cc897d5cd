//! Unicode escapes in identifiers: decoded to the same names as the plain spelling;
//! reserved words cannot be escaped; bad escapes are worded as node words them.

use codemode_js_syntax::{parse, render::render, ParseLimits};

fn rendered(source: &str) -> String {
    render(&parse(source, &ParseLimits::default()).unwrap_or_else(|d| panic!("{source}: {d}")))
}

#[test]
fn escaped_identifiers_are_the_same_names() {
    let pairs = [
        (r"var \u0061bc = 1; return abc;", "var abc = 1; return abc;"),
        (
            r"let a\u{62}c = 2; return a\u0062c;",
            "let abc = 2; return abc;",
        ),
        (r"const \u{24}x = 1, _\u0079 = 2;", "const $x = 1, _y = 2;"),
        (r"o.\u0069f = o.\u{63}lass;", "o.if = o.class;"),
        (r"x = { \u0069f: 1 };", "x = { if: 1 };"),
        (r"\u{1D4D0} = 1;", "\u{1D4D0} = 1;"),
    ];
    for (escaped, plain) in pairs {
        assert_eq!(rendered(escaped), rendered(plain), "{escaped}");
    }
}

#[test]
fn bad_escapes_are_errors_worded_like_node() {
    let cases = [
        (
            r"v\u0061r x = 1;",
            1,
            "Keyword must not contain escaped characters",
        ),
        (
            r"x = 1; \u0069f (x) {}",
            8,
            "Keyword must not contain escaped characters",
        ),
        (
            r"l\u0065t x = 1;",
            1,
            "Keyword must not contain escaped characters",
        ),
        (
            r"\u0061wait x;",
            1,
            "Keyword must not contain escaped characters",
        ),
        (r"\u0030abc = 1;", 1, "Invalid or unexpected token"),
        (r"a\u002d = 1;", 2, "Invalid or unexpected token"),
        (r"x = \u{110000};", 5, "Undefined Unicode code-point"),
        (r"x = \u00;", 5, "Invalid Unicode escape sequence"),
        (r"x = a\u{61;", 6, "Invalid Unicode escape sequence"),
    ];
    for (source, column, message) in cases {
        let d = parse(source, &ParseLimits::default()).expect_err(source);
        assert_eq!(d.message, message, "{source}");
        assert_eq!(d.location.unwrap().column, column, "{source}");
    }
}
