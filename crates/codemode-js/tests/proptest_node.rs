//! Random expressions compared against node, one node process per batch.
mod common;
use codemode_js::JsInterpreter;
use proptest::prelude::*;

fn leaf() -> impl Strategy<Value = String> {
    prop_oneof![
        (-20i32..20).prop_map(|n| if n < 0 {
            format!("({n})")
        } else {
            n.to_string()
        }),
        prop_oneof![
            Just("0.1"),
            Just("0.5"),
            Just("1.5"),
            Just("(-0)"),
            Just("1e21"),
            Just("1e-7"),
            Just("123.456"),
            Just("2147483648"),
            Just("4294967297"),
            Just("NaN"),
            Just("Infinity"),
            Just("(-Infinity)"),
            Just("0.30000000000000004"),
            Just("1e300")
        ]
        .prop_map(String::from),
        prop_oneof![
            Just("''"),
            Just("'a'"),
            Just("'12'"),
            Just("' 3 '"),
            Just("'0x10'"),
            Just("'abc'"),
            Just("'1e3'"),
            Just("'-'"),
            Just("true"),
            Just("false"),
            Just("null"),
            Just("undefined"),
            Just("[]"),
            Just("[1, 2]"),
            Just("[3]"),
            Just("({})"),
            Just("'😀'")
        ]
        .prop_map(String::from),
    ]
}

fn expr() -> impl Strategy<Value = String> {
    leaf().prop_recursive(3, 24, 2, |inner| {
        let bin = prop_oneof![
            Just("+"),
            Just("-"),
            Just("*"),
            Just("/"),
            Just("%"),
            // `**` is left out: pow differs from V8's in the last bit for some operands
            // (README, known gaps); exact cases are in the corpus.
            Just("=="),
            Just("==="),
            Just("!="),
            Just("<"),
            Just("<="),
            Just(">"),
            Just(">="),
            Just("&"),
            Just("|"),
            Just("^"),
            Just("<<"),
            Just(">>"),
            Just(">>>"),
            Just("&&"),
            Just("||"),
            Just("??")
        ];
        let un = prop_oneof![Just("-"), Just("+"), Just("!"), Just("~"), Just("typeof ")];
        prop_oneof![
            (inner.clone(), bin, inner.clone()).prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (un, inner.clone()).prop_map(|(op, a)| format!("({op}{a})")),
            (inner.clone(), inner.clone(), inner.clone())
                .prop_map(|(a, b, c)| format!("({a} ? {b} : {c})")),
            inner.clone().prop_map(|a| format!("String({a})")),
            inner.prop_map(|a| format!("[{a}].length")),
        ]
    })
}

fn program(exprs: &[String]) -> String {
    // typeof + String() of each result: compares types and Number::toString exactly.
    let items: Vec<String> = exprs
        .iter()
        .map(|e| format!("(() => {{ try {{ const v = {e}; return typeof v + ':' + (typeof v === 'string' ? JSON.stringify(v) : String(v)); }} catch (err) {{ return 'threw ' + err.name; }} }})()"))
        .collect();
    format!("return [\n{}\n];", items.join(",\n"))
}

fn node_values(src: &str) -> serde_json::Value {
    common::run_node(&[src.to_string()])[0]["value"].clone()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]
    #[test]
    fn random_expressions_match_node(exprs in proptest::collection::vec(expr(), 60)) {
        let src = program(&exprs);
        let want = node_values(&src);
        let interp = JsInterpreter::new();
        let got = match common::run(&interp, &src).value {
            Ok(v) => v,
            Err(d) => panic!("{src}: {d:?}"),
        };
        if let (Some(g), Some(w)) = (got.as_array(), want.as_array()) {
            for ((e, g), w) in exprs.iter().zip(g).zip(w) {
                prop_assert_eq!(g, w, "expression: {}", e);
            }
        } else {
            prop_assert_eq!(got, want);
        }
    }
}

/// Expressions over a function's parameters and number constants: the shapes the peephole
/// pass fuses (`a - 1`, `a * b`, `x < 2`, `return a + b`) and the fast loop runs, with
/// arguments of every type so each fused op also takes its fallback.
fn local_expr() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("a".to_string()),
        Just("b".to_string()),
        Just("c".to_string()),
        (-3i32..8).prop_map(|n| n.to_string()),
        Just("0.5".to_string()),
    ];
    leaf.prop_recursive(3, 12, 2, |inner| {
        // Mostly arithmetic, so that operands stay numbers and the fast paths run.
        let op = prop_oneof![
            4 => Just("+"),
            4 => Just("-"),
            3 => Just("*"),
            2 => Just("/"),
            2 => Just("%"),
            1 => Just("<"),
            1 => Just("<="),
            1 => Just(">"),
            1 => Just(">="),
            1 => Just("==="),
            1 => Just("!==")
        ];
        (inner.clone(), op, inner).prop_map(|(x, op, y)| format!("({x} {op} {y})"))
    })
}

fn local_program(bodies: &[(String, String)], args: &[Vec<String>]) -> String {
    let mut src = String::new();
    for (i, (e, g)) in bodies.iter().enumerate() {
        // One function returns the expression directly; the other loops over it and
        // recurses once, so calls, returns and back edges all run the fused ops.
        src.push_str(&format!(
            "function f{i}(a, b, c) {{ return {e}; }}\n\
             function g{i}(a, b, c, d) {{ let s = a; for (let i = 0; i < 3; i++) {{ s = {g}; b = b + 1; }} if (d) return s; return [s, g{i}(c, s, b, true)]; }}\n"
        ));
    }
    let mut items = Vec::new();
    for i in 0..bodies.len() {
        for a in args {
            let call = |f: &str| {
                format!(
                    "(() => {{ try {{ const v = {f}{i}({}); return typeof v + ':' + (typeof v === 'string' ? JSON.stringify(v) : Array.isArray(v) ? JSON.stringify(v.map(String)) : String(v)); }} catch (err) {{ return 'threw ' + err.name; }} }})()",
                    a.join(", ")
                )
            };
            items.push(call("f"));
            items.push(call("g"));
        }
    }
    format!("{src}return [\n{}\n];", items.join(",\n"))
}

fn argument() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => (-5i32..10).prop_map(|n| n.to_string()),
        2 => Just("1.5".to_string()),
        1 => Just("'7'".to_string()),
        1 => Just("'x'".to_string()),
        1 => Just("true".to_string()),
        1 => Just("null".to_string()),
        1 => Just("undefined".to_string()),
        1 => Just("[2]".to_string()),
        1 => Just("({})".to_string()),
        1 => Just("NaN".to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, ..ProptestConfig::default() })]
    #[test]
    fn fused_ops_over_locals_match_node(
        bodies in proptest::collection::vec((local_expr(), local_expr()), 8),
        args in proptest::collection::vec(proptest::collection::vec(argument(), 3), 4),
    ) {
        let src = local_program(&bodies, &args);
        let want = node_values(&src);
        let interp = JsInterpreter::new();
        let got = match common::run(&interp, &src).value {
            Ok(v) => v,
            Err(d) => panic!("{src}: {d:?}"),
        };
        prop_assert_eq!(got, want, "program:\n{}", src);
    }
}

/// Runs each program in codemode and (all in one process) in node: the values must agree.
fn values_match_node(sources: &[String]) -> Result<(), TestCaseError> {
    let want = common::run_node(sources);
    let interp = JsInterpreter::new();
    for (src, w) in sources.iter().zip(&want) {
        let got = match common::run(&interp, src).value {
            Ok(v) => v,
            Err(d) => panic!("{src}: {d:?}"),
        };
        prop_assert_eq!(&got, &w["value"], "program:\n{}", src);
    }
    Ok(())
}

/// What a generator body does at one step: each shape puts a `yield` where a resumption
/// can land in a different place (a plain statement, inside try/catch, inside
/// try/finally, a conditional return, a delegation).
fn generator_step() -> impl Strategy<Value = String> {
    (0..6usize, expr(), expr()).prop_map(|(kind, e, f)| match kind {
        0 => format!("log.push(show(yield {e}));"),
        1 => format!(
            "try {{ log.push(show(yield {e})); }} catch (x) {{ log.push('caught ' + show(x)); }}"
        ),
        2 => format!("try {{ log.push(show(yield {e})); }} finally {{ log.push('finally'); }}"),
        3 => format!("if ({e}) return {f};"),
        4 => format!("log.push(show(yield* [{e}, {f}]));"),
        _ => format!("try {{ yield {e}; }} finally {{ log.push(show(yield {f})); }}"),
    })
}

/// A generator of random steps driven by a random sequence of next/return/throw calls;
/// every result and every log line is compared with node.
fn generator_program(steps: &[String], calls: &[(usize, String)]) -> String {
    let ops = ["next", "return", "throw"];
    let calls: Vec<String> = calls
        .iter()
        .map(|(op, v)| format!("['{}', {v}]", ops[*op]))
        .collect();
    format!(
        "const log = [];
const show = (v) => typeof v + ':' + (typeof v === 'string' ? JSON.stringify(v) : String(v));
function* g() {{
  {}
  return 'end';
}}
const it = g(), out = [];
for (const [op, v] of [{}]) {{
  try {{ const r = it[op](v); out.push(show(r.value) + (r.done ? ' done' : '')); }}
  catch (e) {{ out.push('threw ' + show(e)); }}
}}
return {{ out, log }};",
        steps.join("\n  "),
        calls.join(", ")
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]
    #[test]
    fn random_generators_match_node(
        programs in proptest::collection::vec((
            proptest::collection::vec(generator_step(), 1..6),
            proptest::collection::vec((prop_oneof![6 => Just(0usize), 1 => Just(1), 2 => Just(2)], argument()), 1..10),
        ), 24),
    ) {
        let sources: Vec<String> = programs.iter().map(|(s, c)| generator_program(s, c)).collect();
        values_match_node(&sources)?;
    }
}

/// A class hierarchy with accessors, methods, statics and `super` over random expressions,
/// used through random operations.
fn class_program(parts: &[String], uses: &[(usize, String)]) -> String {
    let p = |i: usize| &parts[i % parts.len()];
    let ops: Vec<String> = uses
        .iter()
        .map(|(op, v)| match op {
            0 => format!("o.x = {v}; out.push(show(o.x));"),
            1 => format!("out.push(show(o.m({v})));"),
            2 => format!("out.push(show(B.s({v})));"),
            3 => format!("o = new B({v}); out.push(JSON.stringify(Object.keys(o)));"),
            _ => format!("out.push(show(o instanceof A) + show(Object.getOwnPropertyDescriptor(A.prototype, 'x').get !== undefined) + show({v} in o));"),
        })
        .collect();
    format!(
        "const show = (v) => typeof v + ':' + (typeof v === 'string' ? JSON.stringify(v) : String(v));
const a = 2, b = 3, c = -1;
class A {{
  constructor(a) {{ this._x = a; this.tag = {}; }}
  get x() {{ const a = this._x; return {}; }}
  set x(a) {{ this._x = {}; }}
  m(a) {{ return {}; }}
  static s(a) {{ return {}; }}
}}
class B extends A {{
  field = ((a) => {})(this._x);
  get x() {{ const a = super.x; return {}; }}
  set x(a) {{ super.x = [a]; }}
  m(a) {{ const r = super.m(a); return [r, {}]; }}
  static s(a) {{ return super.s(a) + ''; }}
}}
let o = new B({});
const out = [];
for (const f of [{}]) {{ try {{ f(); }} catch (e) {{ out.push('threw ' + e.name); }} }}
return out;",
        p(0), p(1), p(2), p(3), p(4), p(5), p(6), p(7), p(8),
        ops.iter().map(|s| format!("() => {{ {s} }}")).collect::<Vec<_>>().join(", ")
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]
    #[test]
    fn random_classes_and_accessors_match_node(
        programs in proptest::collection::vec((
            proptest::collection::vec(local_expr(), 9),
            proptest::collection::vec((0..5usize, argument()), 1..8),
        ), 24),
    ) {
        let sources: Vec<String> = programs.iter().map(|(p, u)| class_program(p, u)).collect();
        values_match_node(&sources)?;
    }
}
