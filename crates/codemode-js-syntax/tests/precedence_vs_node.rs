//! Differential precedence test: random unparenthesized expressions are parsed, printed back
//! fully parenthesized from our AST, and node evaluates both forms; the values must agree.

use std::process::Command;

use codemode_js_syntax::{parse, Expr, ExprKind, ParseLimits, PatternKind, StmtKind};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRunner};

const BINARY: &[&str] = &[
    "+",
    "-",
    "*",
    "/",
    "%",
    "**",
    "<<",
    ">>",
    ">>>",
    "&",
    "|",
    "^",
    "==",
    "!=",
    "===",
    "!==",
    "<",
    "<=",
    ">",
    ">=",
    "&&",
    "||",
    "in",
    "instanceof",
];
const UNARY: &[&str] = &["-", "+", "!", "~", "typeof ", "void "];

/// A random expression as source text, without parentheses except where JavaScript requires
/// them (`-a ** b` is an error, so the exponent base is never a unary expression).
fn expr_source() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("a".to_string()),
        Just("b".to_string()),
        Just("c".to_string()),
        Just("2".to_string()),
        Just("3".to_string()),
        Just("o".to_string()),
        Just("F".to_string()),
        Just("\"k\"".to_string()),
    ];
    leaf.prop_recursive(4, 24, 3, |inner| {
        prop_oneof![
            (inner.clone(), 0..BINARY.len(), inner.clone()).prop_map(|(l, op, r)| {
                let op = BINARY[op];
                if op == "**" {
                    format!("(({l}) ** {r})")
                } else {
                    format!("{l} {op} {r}")
                }
            }),
            (0..UNARY.len(), inner.clone()).prop_map(|(op, e)| format!("{} {e}", UNARY[op])),
            (inner.clone(), inner.clone(), inner.clone())
                .prop_map(|(t, c, a)| format!("{t} ? {c} : {a}")),
            (inner.clone(), inner).prop_map(|(l, r)| format!("(({l}) ?? ({r}))")),
        ]
    })
}

/// Prints our AST back as fully parenthesized JavaScript.
fn print(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Number(n) => format!("{n}"),
        ExprKind::String(s) => format!("{:?}", String::from_utf16_lossy(s)),
        ExprKind::Ident(n) => n.clone(),
        ExprKind::Unary { op, arg } => format!("({} ({}))", op.as_str(), print(arg)),
        ExprKind::Binary { op, left, right } => {
            format!("(({}) {} ({}))", print(left), op.as_str(), print(right))
        }
        ExprKind::Logical { op, left, right } => {
            format!("(({}) {} ({}))", print(left), op.as_str(), print(right))
        }
        ExprKind::Conditional {
            test,
            consequent,
            alternate,
        } => format!(
            "(({}) ? ({}) : ({}))",
            print(test),
            print(consequent),
            print(alternate)
        ),
        ExprKind::Assign { target, value, .. } => match &target.kind {
            PatternKind::Ident(n) => format!("({n} = ({}))", print(value)),
            other => panic!("unexpected target {other:?}"),
        },
        other => panic!("unexpected expression {other:?}"),
    }
}

#[test]
fn operator_precedence_matches_node() {
    let mut runner = TestRunner::new(Config {
        cases: 1,
        ..Config::default()
    });
    let strategy = proptest::collection::vec(expr_source(), 300);
    let sources = strategy.new_tree(&mut runner).expect("generate").current();
    let mut pairs = Vec::new();
    for source in &sources {
        let program =
            parse(source, &ParseLimits::default()).unwrap_or_else(|d| panic!("{source}: {d:?}"));
        let StmtKind::Expr(e) = &program.body[0].kind else {
            panic!("{source}: not an expression statement");
        };
        pairs.push((source.clone(), print(e)));
    }
    let mut script = String::from(
        "const a = 5, b = -3, c = 0.5, o = { k: 1 }, F = Object;\n\
         const show = (f) => { try { const v = f(); return typeof v + ':' + String(v); } catch (e) { return 'throws ' + e.constructor.name; } };\n\
         const out = [];\n",
    );
    for (original, printed) in &pairs {
        script.push_str(&format!(
            "out.push([show(() => ({original})), show(() => ({printed}))]);\n"
        ));
    }
    script.push_str("console.log(JSON.stringify(out));\n");
    let output = Command::new("node")
        .arg("-e")
        .arg(&script)
        .output()
        .expect("node must be installed (the reference engine)");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let results: Vec<(String, String)> = serde_json_lite(&String::from_utf8_lossy(&output.stdout));
    assert_eq!(results.len(), pairs.len());
    for ((original, printed), (want, got)) in pairs.iter().zip(results) {
        assert_eq!(want, got, "{original}\n parsed as {printed}");
    }
}

/// Parses node's `[[string, string], ...]` output (strings without escapes beyond `\"`).
fn serde_json_lite(text: &str) -> Vec<(String, String)> {
    let mut strings = Vec::new();
    let mut chars = text.trim().chars().peekable();
    while let Some(c) = chars.next() {
        if c == '"' {
            let mut s = String::new();
            while let Some(c) = chars.next() {
                match c {
                    '\\' => {
                        if let Some(n) = chars.next() {
                            s.push(n);
                        }
                    }
                    '"' => break,
                    c => s.push(c),
                }
            }
            strings.push(s);
        }
    }
    strings
        .chunks(2)
        .map(|p| (p[0].clone(), p.get(1).cloned().unwrap_or_default()))
        .collect()
}
