//! Map and Set behaviour newer than the node the differential corpus runs (node 20 has no
//! `Map.groupBy` or ES2025 Set methods): expected values from the specification.
mod common;
use codemode_core::DiagnosticKind;
use codemode_js::JsInterpreter;
use common::{run, value};
use serde_json::json;

#[test]
fn set_algebra_follows_es2025() {
    let v = value(
        r#"
const s = new Set([1, 2, 3, 4]), t = new Set([3, 4, 5]);
return [[...s.union(t)], [...s.intersection(t)], [...t.intersection(s)], [...s.difference(t)],
  [...t.difference(s)], [...s.symmetricDifference(t)], s.isSubsetOf(t), new Set([3]).isSubsetOf(t),
  s.isSupersetOf(new Set([1, 2])), t.isSupersetOf(s), s.isDisjointFrom(new Set([9])), s.isDisjointFrom(t),
  [...s.union(new Map([[9, "x"]]))], [...new Set([1, 2]).intersection(new Set([2, 1, 0]))],
  [...new Set().union(new Set())], new Set().isSubsetOf(new Set())];
"#,
    );
    assert_eq!(
        v,
        json!([
            [1, 2, 3, 4, 5],
            [3, 4],
            [3, 4],
            [1, 2],
            [5],
            [1, 2, 5],
            false,
            true,
            true,
            false,
            true,
            false,
            [1, 2, 3, 4, 9],
            [1, 2],
            [],
            true
        ])
    );
}

#[test]
fn set_algebra_reads_set_likes_and_rejects_the_rest() {
    let v = value(
        r#"
const T = (f) => { try { return f(); } catch (e) { return e.name + ": " + e.message; } };
const s = new Set([1, 2, 3]);
// A set-like: size, has and keys, read once each.
const like = { size: 2, has: (x) => x === 2 || x === 7, keys: () => new Set([7, 2]).keys() };
let closed = 0;
const early = { size: 1, has: () => true, keys() { let i = 0; return { next: () => ({ value: i++, done: false }), return() { closed++; return {}; } }; } };
return [[...s.intersection(like)], [...s.union({ size: 1, has: () => false, keys: () => new Set(["z"]).keys() })],
  s.isSupersetOf(early), closed, T(() => s.union([1])), T(() => s.union({ size: NaN, has() {}, keys() {} })),
  T(() => s.union({ size: -1, has() {}, keys() {} })), T(() => s.union({ size: 1, has: 1, keys() {} })),
  T(() => Set.prototype.union.call({}, s))];
"#,
    );
    assert_eq!(
        v,
        json!([
            [2],
            [1, 2, 3, "z"],
            false,
            1,
            "TypeError: The .size property is NaN",
            "TypeError: The .size property is NaN",
            "RangeError: '-1' is an invalid size",
            "TypeError: 1 is not a function",
            "TypeError: Method Set.prototype.union called on incompatible receiver #<Object>"
        ])
    );
}

#[test]
fn map_group_by_keeps_first_seen_order() {
    let v = value(
        r#"
const g = Map.groupBy([1, 2, 3, 4, 5, 6], (x, i) => (x % 3 === 0 ? "three" : i % 2 ? "odd-index" : "even-index"));
const byObj = Map.groupBy(["a", "bb", "cc"], (s) => s.length);
return [[...g.keys()], g.get("three"), g.get("odd-index"), [...byObj].map(([k, v]) => [k, v]), Map.groupBy([], () => 1).size];
"#,
    );
    assert_eq!(
        v,
        json!([
            ["even-index", "odd-index", "three"],
            [3, 6],
            [2, 4],
            [[1, ["a"]], [2, ["bb", "cc"]]],
            0
        ])
    );
}

#[test]
fn collections_are_not_data_at_the_boundary() {
    let i = JsInterpreter::new();
    let d = run(&i, "return { index: new Map([[1, 2]]) }")
        .value
        .unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::InvalidDataValue);
    assert!(d.message.contains("$.index"), "{}", d.message);
    assert!(d.message.contains("Object.fromEntries"), "{}", d.message);
    let d = run(&i, "return [new Set([1])]").value.unwrap_err();
    assert!(d.message.contains("[...set]"), "{}", d.message);
    assert_eq!(
        value(
            "const m = new Map([['a', 1]]); return [Object.fromEntries(m), [...new Set([2, 2])]]"
        ),
        json!([{"a": 1}, [2]])
    );
}
