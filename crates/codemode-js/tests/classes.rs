//! Hostile class programs: deep hierarchies, recursive constructors and field
//! initializers, huge numbers of fields — each ends in the limit's error, the process lives.
mod common;
use codemode_core::*;
use codemode_js::JsInterpreter;
use common::{echo_tool, limited, run, run_with};
use serde_json::json;

/// 100,000 classes each extending the last: defining them is a loop; constructing the
/// last runs one `super()` frame per level (heap frames: within the default frame limit,
/// and past a lower one node's catchable RangeError); `instanceof` walks the prototype
/// chain in a loop. Run on a small native stack: nothing here recurses natively.
#[test]
fn a_class_hierarchy_100000_deep_is_bounded() {
    const SRC: &str = "class Root { root() { return 'r' } }
         let C = Root;
         for (let i = 0; i < 100000; i++) C = class extends C {};
         let made;
         try { new C(); made = 'made' } catch (e) { made = e.name + ': ' + e.message }
         const proto = Object.create(C.prototype);
         return [made, proto instanceof Root, proto instanceof C];";
    let small_stack = if cfg!(debug_assertions) {
        4 << 20
    } else {
        256 << 10
    };
    let run_small = move |limits: VmLimits| {
        std::thread::Builder::new()
            .stack_size(small_stack)
            .spawn(move || {
                let i = JsInterpreter::new();
                run_with(&i, SRC, &limited(limits), &mut echo_tool).value
            })
            .expect("spawn")
            .join()
            .expect("the program overflowed the native stack")
    };
    assert_eq!(
        run_small(VmLimits::default()).unwrap(),
        json!(["made", true, true])
    );
    let low = VmLimits {
        max_frames: 5_000,
        ..Default::default()
    };
    assert_eq!(
        run_small(low).unwrap(),
        json!(["RangeError: Maximum call stack size exceeded", true, true])
    );
}

/// A constructor that constructs itself, and a field initializer that does: RangeError.
#[test]
fn recursive_constructors_and_field_initializers_are_a_range_error() {
    let i = JsInterpreter::new();
    for src in [
        "class A { constructor() { new A() } } try { new A() } catch (e) { return e.message }",
        "class A { child = new A() } try { new A() } catch (e) { return e.message }",
        "class B {} class A extends B { constructor() { super(); new A() } } try { new A() } catch (e) { return e.message }",
    ] {
        let out = run(&i, src);
        assert_eq!(
            out.value.unwrap(),
            json!("Maximum call stack size exceeded"),
            "{src}"
        );
    }
}

/// A constructor, method or static block that never returns ends in TimeoutExceeded.
#[test]
fn class_code_that_never_returns_runs_out_of_fuel() {
    let i = JsInterpreter::new();
    let o = limited(VmLimits {
        max_fuel: 200_000,
        ..Default::default()
    });
    for src in [
        "class A { constructor() { for (;;) {} } } new A()",
        "class A { x = (() => { while (true) {} })() } new A()",
        "class A { static { for (;;) {} } }",
        "class A { m() { return this.m() + 1 } } try { new A().m() } catch (e) { for (;;) {} }",
    ] {
        let out = run_with(&i, src, &o, &mut echo_tool);
        assert_eq!(
            out.value.unwrap_err().kind,
            DiagnosticKind::TimeoutExceeded,
            "{src}"
        );
    }
}

/// Instances with very many fields (computed keys) count against the memory limit.
#[test]
fn huge_numbers_of_fields_hit_the_memory_limit() {
    let i = JsInterpreter::new();
    let o = limited(VmLimits {
        max_memory_bytes: 8 << 20,
        ..Default::default()
    });
    let out = run_with(
        &i,
        "let n = 0;
         class Wide { constructor() { for (let i = 0; i < 1000; i++) this['f' + n++] = i } }
         const keep = [];
         try { while (true) keep.push(new Wide()) } catch (e) { return 'caught' }",
        &o,
        &mut echo_tool,
    );
    let d = out.value.unwrap_err();
    assert_eq!(d.kind, DiagnosticKind::ExecutionFailure);
    assert!(d.message.contains("memory"), "{}", d.message);
}

/// `super` and `new.target` where the language forbids them are early errors; what is
/// not supported yet is UnsupportedSyntax with a location.
#[test]
fn misplaced_super_and_unsupported_members_are_diagnosed() {
    let i = JsInterpreter::new();
    for (src, kind, words, line, column) in [
        (
            "return super.x",
            DiagnosticKind::ParseError,
            "'super' keyword unexpected here",
            1,
            8,
        ),
        (
            "class A { m() { super() } }",
            DiagnosticKind::ParseError,
            "'super' keyword unexpected here",
            1,
            17,
        ),
        (
            "function f() { return super.m() }",
            DiagnosticKind::ParseError,
            "'super' keyword unexpected here",
            1,
            23,
        ),
        (
            "return new.target",
            DiagnosticKind::ParseError,
            "new.target expression is not allowed here",
            1,
            8,
        ),
        (
            "class A {}\nclass B extends A { constructor() { const f = () => super(); f() } }",
            DiagnosticKind::UnsupportedSyntax,
            "super() inside an arrow function",
            2,
            53,
        ),
        (
            "class A {\n  get total(x) { return 1 }\n}",
            DiagnosticKind::ParseError,
            "Getter must not have any formal parameters.",
            2,
            3,
        ),
        (
            "const o = { set v(...a) {} }",
            DiagnosticKind::ParseError,
            "Setter function argument must not be a rest parameter",
            1,
            13,
        ),
        (
            "const o = { set v(a, b) {} }",
            DiagnosticKind::ParseError,
            "Setter must have exactly one formal parameter.",
            1,
            13,
        ),
        (
            "const o = { m() { return super.m() } }",
            DiagnosticKind::UnsupportedSyntax,
            "super in object literal methods",
            1,
            26,
        ),
        (
            "class A { m() { return this.#secret } }",
            DiagnosticKind::ParseError,
            "Private field '#secret' must be declared in an enclosing class",
            1,
            24,
        ),
    ] {
        let d = i
            .compile(src, &CompileOptions::default())
            .err()
            .unwrap_or_else(|| panic!("{src} compiled"));
        assert_eq!(d.kind, kind, "{src}: {d:?}");
        assert!(d.message.contains(words), "{src}: {}", d.message);
        let loc = d.location.expect("location");
        assert_eq!((loc.line, loc.column), (line, column), "{src}: {d:?}");
    }
}

/// Private elements are memory like any property: stamping them on one object after another
/// (through a base constructor's return override), or making classes with fresh private
/// names in a loop, ends at the memory limit, never past it.
#[test]
fn private_elements_are_bounded_by_the_memory_limit() {
    let i = JsInterpreter::new();
    let o = limited(VmLimits {
        max_memory_bytes: 4 << 20,
        ..Default::default()
    });
    let sources = [
        "class B { constructor(o) { return o } } \
         class S extends B { #a = 'x'.repeat(64); #b = [1, 2]; #m() {} get #g() { return 1 } constructor(o) { super(o) } } \
         const keep = []; while (true) { const o = {}; new S(o); keep.push(o) }",
        "const keep = []; while (true) { keep.push(class { #a = 1; static #s = [keep.length]; #m() {} }) }",
    ];
    for src in sources {
        let out = run_with(&i, src, &o, &mut echo_tool);
        let d = out.value.unwrap_err();
        assert_eq!(d.kind, DiagnosticKind::ExecutionFailure, "{src}");
        assert!(d.message.contains("memory"), "{src}: {}", d.message);
    }
}

/// Programs that tamper with what private elements sit beside — prototypes, freezing,
/// `Object.defineProperty` over the same object — cannot read, replace or delete them.
#[test]
fn private_elements_survive_reflection_and_tampering() {
    let i = JsInterpreter::new();
    let out = run_with(
        &i,
        r#"
        class Box { #v = 1; get v() { return this.#v } set(v) { this.#v = v; return this } }
        const b = new Box();
        Object.freeze(b);
        b.set(2);
        const seen = [];
        for (const k in b) seen.push(k);
        Object.defineProperty(Object.prototype, '#v', { get() { return 'polluted' }, configurable: true });
        const copy = structuredClone(b);
        return {
          v: b.v, seen,
          names: Object.getOwnPropertyNames(b), syms: Object.getOwnPropertySymbols(b).length,
          desc: Object.getOwnPropertyDescriptors(b), copy, copyV: (() => { try { return Box.prototype.set.call(copy, 3) } catch (e) { return e.message } })(),
          deleted: delete b['#v'], after: b.v, hash: b['#v'],
        };
        "#,
        &CompileOptions::default(),
        &mut echo_tool,
    );
    assert_eq!(
        out.value.unwrap(),
        json!({
            "v": 2, "seen": [], "names": [], "syms": 0, "desc": {}, "copy": {},
            "copyV": "Cannot write private member #v to an object whose class did not declare it",
            "deleted": true, "after": 2, "hash": "polluted"
        })
    );
}
