//! ES2025's pattern modifiers and duplicate named groups through the JavaScript API. node
//! 20 has neither (both are SyntaxErrors there), so the expected values come from the
//! specification and test262 (built-ins/RegExp/regexp-modifiers, named-groups/duplicate-*).
mod common;
use codemode_core::*;
use codemode_js::JsInterpreter;
use common::{run, value};
use serde_json::json;

#[test]
fn modifiers_change_matching_inside_the_group_only() {
    assert_eq!(
        value(
            r#"return [
                /(?i:a)b/.test("Ab"), /(?i:a)b/.test("AB"),
                /(?-i:fo)o/i.test("foO"), /(?-i:fo)o/i.test("FOo"),
                /^(?m:es$)/.test("es\ns"), /^(?-m:es$)/m.test("es\ns"),
                /^(?s:.)$/.test("\n"), /^(?-s:.)$/s.test("\n"),
                /(a)(?i:\1)/.test("aA"), /(a)(?-i:\1)/i.test("aA"),
                /^(?i:\w)$/u.test("\u017f"), /^(?-i:\w)$/iu.test("\u017f"),
                /(?m-i:^a$)/i.test("b\nA"), /(?m-i:^a$)/i.test("b\na"),
            ]"#
        ),
        json!([
            true, false, true, false, true, false, true, false, true, false, true, false, false,
            true
        ])
    );
}

#[test]
fn modifiers_leave_the_flags_source_and_captures_alone() {
    assert_eq!(
        value(
            r#"const re = /(?i:(a))(?-s:.)(b)/s;
            const m = re.exec("xA\nb");
            return [re.flags, re.ignoreCase, re.dotAll, re.source, String(re), m && [...m],
                new RegExp("(?ims:x)").flags, "aAbB".replace(/(?i:b)/g, "-")]"#
        ),
        json!([
            "s",
            false,
            true,
            "(?i:(a))(?-s:.)(b)",
            "/(?i:(a))(?-s:.)(b)/s",
            null,
            "",
            "aA--"
        ])
    );
    assert_eq!(
        value(r#"return [.../(?i:(a))(?-s:.)(b)/s.exec("xAyb")]"#),
        json!(["Ayb", "A", "b"])
    );
}

#[test]
fn modifier_early_errors_are_syntax_errors() {
    // From the constructor: a catchable SyntaxError with V8's wording.
    assert_eq!(
        value(
            r#"const out = [];
            for (const p of ["(?ii:a)", "(?i-i:a)", "(?--i:a)", "(?-:a)", "(?u:a)", "(?i)"]) {
                try { new RegExp(p); out.push("ok"); }
                catch (e) { out.push(e.name + ": " + e.message); }
            }
            return out"#
        ),
        json!([
            "SyntaxError: Invalid regular expression: /(?ii:a)/: Repeated flag in flag group",
            "SyntaxError: Invalid regular expression: /(?i-i:a)/: Repeated flag in flag group",
            "SyntaxError: Invalid regular expression: /(?--i:a)/: Multiple dashes in flag group",
            "SyntaxError: Invalid regular expression: /(?-:a)/: Invalid flag group",
            "SyntaxError: Invalid regular expression: /(?u:a)/: Invalid group",
            "SyntaxError: Invalid regular expression: /(?i)/: Invalid group",
        ])
    );
    // In a literal: an early error, so the program does not compile.
    let i = JsInterpreter::new();
    for src in [
        "return /(?ii:a)/",
        "return /(?-:a)/u",
        "return /(?<a>x)(?<a>y)/",
    ] {
        let d = run(&i, src).value.expect_err(src);
        assert_eq!(d.kind, DiagnosticKind::ParseError, "{src}: {d:?}");
    }
}

#[test]
fn duplicate_names_make_one_property_holding_the_participating_group() {
    assert_eq!(
        value(
            r#"const re = /(?<y>\d{4})-\d\d|\d\d-(?<y>\d{4})/;
            const a = re.exec("12-1999"), b = re.exec("2024-05");
            return [a.groups.y, b.groups.y, Object.keys(a.groups), a.length, a[1], a[2]]"#
        ),
        json!(["1999", "2024", ["y"], 3, null, "1999"])
    );
    // Property order is the order of each name's first group (test262's
    // duplicate-names-group-property-enumeration-order.js).
    assert_eq!(
        value(
            r#"const g = /(?<y>a)(?<x>a)|(?<x>b)(?<y>b)/.exec("bb").groups;
            const n = /(?<x>a)|(?<x>b)|c/.exec("c").groups;
            return [Object.keys(g), g.x, g.y, Object.keys(n), "x" in n, n.x === undefined]"#
        ),
        json!([["y", "x"], "b", "b", ["x"], true, true])
    );
}

#[test]
fn duplicate_names_in_replace_indices_and_backreferences() {
    assert_eq!(
        value(
            r#"const re = /(?<y>\d{4})-(?<m>\d\d)|(?<m>\d\d)\/(?<y>\d{4})/g;
            const s = "2024-05 and 06/1999 and 07-7";
            return [
                s.replace(re, "$<m>.$<y>"),
                s.replaceAll(re, (...args) => { const g = args.at(-1); return g.y + "" + g.m; }),
                [...s.matchAll(re)].map(m => m.groups.y),
                "ab".replace(/(?<x>a)|(?<x>b)|c/g, "[$<x>]"),
                "c".replace(/(?<x>a)|(?<x>b)|c/, "[$<x>]"),
                s.search(/(?<m>\d\d)\/(?<y>\d{4})|(?<y>\d{4})\/(?<m>\d\d)/),
            ]"#
        ),
        json!([
            "05.2024 and 06.1999 and 07-7",
            "202405 and 199906 and 07-7",
            ["2024", "1999"],
            "[a][b]",
            "[]",
            12
        ])
    );
    assert_eq!(
        value(
            r#"const m = /(?<x>a)|(?<x>b)/d.exec("zb");
            const n = /(?:(?<x>a)|(?<y>a)(?<x>b))(?:(?<z>c)|(?<z>d))/d.exec("abd");
            return [m.indices.groups.x, Object.keys(n.indices.groups), n.indices.groups.x,
                n.indices.groups.z, n.groups]"#
        ),
        json!([[1, 2], ["x", "y", "z"], [1, 2], [2, 3], {"x": "b", "y": "a", "z": "d"}])
    );
    // `\k<name>` is whichever group of the name participated.
    assert_eq!(
        value(
            r#"const re = /(?:(?<q>")|(?<q>'))[^"']*\k<q>/g;
            return [`say "hi" and 'bye' but "no'`.match(re), /^(?:(?<a>x)|(?<a>y))\k<a>$/.test("yx")]"#
        ),
        json!([["\"hi\"", "'bye'"], false])
    );
}

#[test]
fn duplicate_names_through_a_program_defined_exec() {
    // Symbol.replace's GetSubstitution reads `$<name>` from the groups object exec returns.
    assert_eq!(
        value(
            r#"const re = /(?<d>\d)(?<u>[a-z])|(?<u>[A-Z])(?<d>\d)/g;
            const exec = re.exec;
            re.exec = function (s) { return exec.call(this, s); };
            return "1a B2".replace(re, "<$<u>$<d>>")"#
        ),
        json!("<a1> <B2>")
    );
}

#[test]
fn names_that_might_both_participate_are_still_duplicates() {
    assert_eq!(
        value(
            r#"const out = [];
            for (const p of ["(?<a>x)(?<a>y)", "(?:(?<a>x)|y)(?<a>z)", "(?<a>x)|(?<a>y)(?<a>z)",
                             "(?<a>x)|(?<a>y)", "(?:(?<a>x)|(?<a>y))\\k<a>"]) {
                try { new RegExp(p); out.push("ok"); } catch (e) { out.push(e.message); }
            }
            return out"#
        ),
        json!([
            "Invalid regular expression: /(?<a>x)(?<a>y)/: Duplicate capture group name",
            "Invalid regular expression: /(?:(?<a>x)|y)(?<a>z)/: Duplicate capture group name",
            "Invalid regular expression: /(?<a>x)|(?<a>y)(?<a>z)/: Duplicate capture group name",
            "ok",
            "ok"
        ])
    );
}
