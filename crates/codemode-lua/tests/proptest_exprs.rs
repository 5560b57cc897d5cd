//! Random expressions (arithmetic, comparisons, string ops, integer/float mixes) evaluated
//! by codemode-lua and by `lua5.4`, in batches of one program per case.

mod common;

use proptest::prelude::*;
use std::io::Write;
use std::process::Command;

fn leaf() -> impl Strategy<Value = String> {
    prop_oneof![
        (-12i64..12).prop_map(|i| i.to_string()),
        Just("math.maxinteger".to_string()),
        Just("math.mininteger".to_string()),
        prop::sample::select(vec![
            "0.5", "-2.25", "1e300", "0.0", "-0.0", "3.0", "1e15", "0.1", "2^53"
        ])
        .prop_map(|s| s.to_string()),
        prop::sample::select(vec![
            "'10'", "'abc'", "'3.5'", "''", "' 7 '", "'0x10'", "'1e2'"
        ])
        .prop_map(|s| s.to_string()),
        prop::sample::select(vec!["a", "b", "c", "s", "t.x", "t.missing", "nil", "true"])
            .prop_map(|s| s.to_string()),
    ]
}

fn expr() -> impl Strategy<Value = String> {
    leaf().prop_recursive(4, 24, 2, |inner| {
        prop_oneof![
            (
                inner.clone(),
                prop::sample::select(vec![
                    "+", "-", "*", "/", "//", "%", "^", "..", "==", "~=", "<", "<=", ">", ">=",
                    "&", "|", "~", "<<", ">>", "and", "or",
                ]),
                inner.clone()
            )
                .prop_map(|(l, op, r)| format!("({l} {op} {r})")),
            (
                prop::sample::select(vec!["- ", "not ", "# ", "~ "]),
                inner.clone()
            )
                .prop_map(|(op, e)| format!("({op}{e})")),
            (
                prop::sample::select(vec![
                    "math.floor",
                    "math.ceil",
                    "math.abs",
                    "tostring",
                    "tonumber",
                    "math.type",
                    "math.tointeger",
                    "string.len",
                    "string.upper",
                ]),
                inner.clone()
            )
                .prop_map(|(f, e)| format!("{f}({e})")),
            (inner.clone(), inner.clone()).prop_map(|(x, y)| format!("math.max({x}, {y})")),
            (inner.clone(), inner.clone()).prop_map(|(x, y)| format!("math.fmod({x}, {y})")),
            (inner.clone(), inner)
                .prop_map(|(x, y)| format!("string.format('%s|%5.2s', {x}, {y})")),
        ]
    })
}

fn program(exprs: &[String]) -> String {
    let mut src = String::from(
        "local a, b, c, s = 7, -3, 2.5, 'x1'\nlocal t = { x = 4 }\nlocal out = {}\n\
         local function show(ok, v)\n  if not ok then return 'E:' .. tostring(v) end\n  \
         if math.type(v) == 'float' and v ~= v then return 'nan' end\n  \
         return type(v) .. ':' .. tostring(v)\nend\n",
    );
    for e in exprs {
        src.push_str(&format!(
            "out[#out + 1] = show(pcall(function() return {e} end))\n"
        ));
    }
    src.push_str("return out\n");
    src
}

fn lua54(src: &str) -> serde_json::Value {
    let dir = std::env::temp_dir().join(format!("codemode-lua-prop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("case.lua");
    std::fs::File::create(&file)
        .and_then(|mut f| f.write_all(src.as_bytes()))
        .expect("write case");
    let harness = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/harness.lua");
    let out = Command::new("lua5.4")
        .arg(harness)
        .arg(&file)
        .output()
        .expect("lua5.4 must be installed for the differential tests");
    serde_json::from_slice(&out.stdout).expect("harness output")
}

/// Drops the variable description Lua appends to some errors ("(constant 'x')"): which
/// names PUC Lua recovers from folded or jumped-over code is an artefact of its code
/// generator; the corpus checks names on ordinary code.
fn strip_names(v: serde_json::Value) -> serde_json::Value {
    match v {
        serde_json::Value::String(s) if s.starts_with("E:") => {
            let mut out = s.clone();
            for kind in ["constant", "local", "upvalue", "global", "field", "method"] {
                if let Some(i) = out.find(&format!(" ({kind} '")) {
                    if let Some(j) = out[i..].find("')") {
                        out.replace_range(i..i + j + 2, "");
                    }
                }
            }
            serde_json::Value::String(out)
        }
        serde_json::Value::Array(a) => {
            serde_json::Value::Array(a.into_iter().map(strip_names).collect())
        }
        serde_json::Value::Object(o) => {
            serde_json::Value::Object(o.into_iter().map(|(k, v)| (k, strip_names(v))).collect())
        }
        other => other,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn random_expressions_agree_with_lua54(exprs in prop::collection::vec(expr(), 30)) {
        let src = program(&exprs);
        let theirs = strip_names(lua54(&src));
        let mine = common::run(&src);
        let mine = strip_names(match mine.result {
            Ok(v) => serde_json::json!({"ok": true, "value": v, "logs": []}),
            Err(d) => serde_json::json!({"ok": false, "error": d.message, "logs": []}),
        });
        if theirs != mine {
            let _ = std::fs::write(std::env::temp_dir().join("codemode-lua-prop-failure.lua"), &src);
            // Find the first expression that differs, for a readable failure.
            let (tv, mv) = (&theirs["value"], &mine["value"]);
            for (i, e) in exprs.iter().enumerate() {
                prop_assert_eq!(&tv[i], &mv[i], "expression {}: {}", i + 1, e);
            }
            prop_assert_eq!(theirs, mine);
        }
    }
}
