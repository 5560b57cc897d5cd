//! Every construct outside the subset is reported as UnsupportedSyntax at its location,
//! never parsed into something else.

use codemode_core::DiagnosticKind;
use codemode_js_syntax::{parse, ParseLimits};

/// (source, line, column, words the message must contain)
const CASES: &[(&str, u32, u32, &str)] = &[
    ("with (o) { x }", 1, 1, "with"),
    ("foo: function f() {}", 1, 1, "labeled function"),
    ("export const x = 1;", 1, 1, "export"),
    ("const u = import.meta.url;", 1, 11, "import.meta"),
    ("@dec\nfunction f() {}", 1, 1, "decorators"),
    ("debugger;", 1, 1, "debugger"),
    ("const x = 010;", 1, 11, "octal"),
];

#[test]
fn unsupported_features_are_reported_with_location() {
    for &(source, line, column, words) in CASES {
        let d = match parse(source, &ParseLimits::default()) {
            Ok(_) => panic!("{source:?} parsed"),
            Err(d) => d,
        };
        assert_eq!(
            d.kind,
            DiagnosticKind::UnsupportedSyntax,
            "{source:?}: {d:?}"
        );
        let loc = d.location.expect("location");
        assert_eq!((loc.line, loc.column), (line, column), "{source:?}: {d:?}");
        assert!(d.message.contains(words), "{source:?}: {}", d.message);
    }
}

/// Reserved words of unsupported features still work as property names.
#[test]
fn reserved_words_as_property_names_are_fine() {
    for source in [
        "x = o.class + o.with + o.super + o.debugger + o.export",
        "x = { class: 1, with: 2, export: 3, get: 4, set: 5, static: 6 }",
        "x = { get() { return 1 }, set(v) {} }",
        "get = 1; set = 2; x = get + set",
        "x = a / b / c",
        "x = o.new.target",
    ] {
        parse(source, &ParseLimits::default()).unwrap_or_else(|d| panic!("{source:?}: {d:?}"));
    }
}

/// A syntax error before an unsupported construct is reported as the syntax error.
#[test]
fn earlier_syntax_error_wins() {
    let d = parse("let = ;\nconst r = /x/;", &ParseLimits::default()).unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::ParseError, "{d:?}");
    assert_eq!(d.location.map(|l| l.line), Some(1));
}

/// Getters and setters parse (in object literals and classes, static or not, under any key),
/// and a property or method merely named `get`/`set` stays one.
#[test]
fn accessors_parse() {
    for source in [
        "const o = { get x() { return 1 }, set x(v) {}, get [k]() {}, set 'a b'(v) {}, get 1() {} };",
        "class A { get x() { return 1 } static set x(v) {} get [k]() {} static get 'q'() {} }",
        "const o = { get: 1, set: 2, get() {}, set(v) {} }; const { get, set } = o;",
        "class B { get() {} set(v) {} static get() {} }",
    ] {
        if let Err(d) = parse(source, &ParseLimits::default()) {
            panic!("{source:?}: {d:?}");
        }
    }
}
