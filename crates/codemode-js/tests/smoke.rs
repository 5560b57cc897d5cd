mod common;
use codemode_js::JsInterpreter;
use serde_json::json;

#[test]
fn smoke() {
    let i = JsInterpreter::new();
    let cases: &[(&str, serde_json::Value)] = &[
        ("return 1 + 2", json!(3)),
        ("1 + 2", json!(3)),
        ("let x = 5; x * 2", json!(10)),
        (
            "function f(n) { return n < 2 ? n : f(n-1) + f(n-2) } return f(10)",
            json!(55),
        ),
        (
            "const a = [1,2,3]; return a.map(x => x * 2)",
            json!([2, 4, 6]),
        ),
        ("return {a: 1, b: 'x'}", json!({"a":1,"b":"x"})),
        (
            "let s = 0; for (let i = 0; i < 10; i++) s += i; return s",
            json!(45),
        ),
        (
            "try { null.x } catch (e) { return e.message }",
            json!("Cannot read properties of null (reading 'x')"),
        ),
        (
            "const r = await tools.a.b({q: 1}); return r",
            json!({"path": "a.b", "input": {"q": 1}}),
        ),
        (
            "const fs = []; for (let i = 0; i < 3; i++) fs.push(() => i); return fs.map(f => f())",
            json!([0, 1, 2]),
        ),
        (
            "return JSON.stringify({a:[1,2,{b:null}]})",
            json!("{\"a\":[1,2,{\"b\":null}]}"),
        ),
        ("async () => { return 7 }", json!(7)),
        (
            "const [a, b] = await Promise.all([tools.x(1), tools.y(2)]); return [a.path, b.path]",
            json!(["x", "y"]),
        ),
        (
            "const {a, ...rest} = {a: 1, b: 2, c: 3}; return rest",
            json!({"b":2,"c":3}),
        ),
        ("return [3,1,2].sort()", json!([1, 2, 3])),
        ("return `a${1+1}b`", json!("a2b")),
        ("return (0.1+0.2).toString()", json!("0.30000000000000004")),
    ];
    let mut failures = Vec::new();
    for (src, want) in cases {
        let out = common::run(&i, src);
        match out.value {
            Ok(v) if v == *want => {}
            other => failures.push(format!("{src}: got {other:?}, want {want}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
