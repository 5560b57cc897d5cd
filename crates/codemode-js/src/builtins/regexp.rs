//! RegExp (on the metered engine of `codemode-regex`): the constructor, `exec`, `test`,
//! `toString`, and the String methods that take a RegExp.
//!
//! `String.prototype.match`/`replace`/`replaceAll`/`search`/`split` and
//! `RegExp.prototype.test` are natives here that take the native path for the common case:
//! a string receiver and a *pristine* RegExp ([`pristine`]: an instance of the built-in
//! RegExp with no own properties beyond its own, while `RegExp.prototype` (and, for split,
//! the RegExp constructor) is untouched), for which ECMAScript's symbol protocol (asking
//! for `Symbol.split`, `exec`, the species...) can only find the built-ins. Anything else
//! goes to the same method's spec path in regexp.js (a `HOOK_STR_*` prelude function,
//! called with the same `this` and arguments), which follows the protocol and comes back
//! to the raw natives (`__cm_strMatch`, ...) when the RegExp's `exec` is the built-in.
//!
//! Every match runs under the execution's own budget ([`VmBudget`]): its steps are
//! charged to the fuel, the deadline is checked at each charge (every 256 steps), and the
//! backtracking stack's bytes are checked against the memory limit as it grows. Running
//! out ends the execution as any other fuel, deadline or memory exhaustion does.
//!
//! As ECMAScript has it, a RegExp's only own property is `lastIndex`; `source`, `flags`
//! and the flag properties are accessors on RegExp.prototype reading its internal slots
//! ([`RegExpSlots`]).

use super::*;
use codemode_regex::{Budget, Exhausted, Match, Regex, Scratch};
use std::collections::HashMap;
use std::sync::Arc;

/// Patterns at most this long are kept compiled per execution (a literal in a loop
/// compiles once).
const CACHE_MAX_PATTERN: usize = 4096;
/// Compiled patterns kept per execution; the cache is emptied when it is full.
const CACHE_MAX_ENTRIES: usize = 256;

/// Recently evaluated literals remembered by the identity of their pattern and flags
/// strings (a literal's are the same constants at every evaluation), checked before the
/// hash map.
const RECENT_LITERALS: usize = 8;

/// An execution's compiled patterns (with their RegExp objects' internal slots) by
/// (pattern, flags); the matcher's reusable working memory; the keys of a match result.
pub struct RegexCache {
    map: HashMap<(JsStr, JsStr), Arc<RegExpSlots>>,
    recent: Vec<(JsStr, JsStr, Arc<RegExpSlots>)>,
    /// Boxed so a search moves a pointer out and back, not the whole working memory.
    scratch: Option<Box<Scratch>>,
    keys: [JsStr; 4],
}

const KEY_INDEX: usize = 0;
const KEY_INPUT: usize = 1;
const KEY_GROUPS: usize = 2;
const KEY_LAST_INDEX: usize = 3;

impl Default for RegexCache {
    fn default() -> RegexCache {
        RegexCache {
            map: HashMap::new(),
            recent: Vec::new(),
            scratch: None,
            keys: ["index", "input", "groups", "lastIndex"].map(JsStr::from_str),
        }
    }
}

pub(super) fn install(b: &mut RealmBuilder) {
    let global = b.realm.global;
    let proto = b.realm.regexp_proto;
    let ctor = b.def(global, "RegExp", regexp_ctor, 2);
    b.realm.regexp_ctor = ctor;
    b.link(ctor, proto);
    b.def(proto, "exec", regexp_exec, 1);
    b.def(proto, "test", test_front, 1);
    b.def(proto, "toString", regexp_to_string, 0);
    // ECMAScript's accessors over the internal slots (§22.2.6): (key, function name, getter).
    let getters: [(&str, &'static str, NativeFn); 10] = [
        ("dotAll", "get dotAll", get_dot_all),
        ("flags", "get flags", get_flags),
        ("global", "get global", get_global),
        ("hasIndices", "get hasIndices", get_has_indices),
        ("ignoreCase", "get ignoreCase", get_ignore_case),
        ("multiline", "get multiline", get_multiline),
        ("source", "get source", get_source),
        ("sticky", "get sticky", get_sticky),
        ("unicode", "get unicode", get_unicode),
        ("unicodeSets", "get unicodeSets", get_unicode_sets),
    ];
    for (key, name, getter) in getters {
        b.def_getter(proto, JsStr::from_str(key), name, getter);
    }
    let string_proto = b.realm.string_proto;
    b.def(string_proto, "match", match_front, 1);
    b.def(string_proto, "replace", replace_front, 2);
    b.def(string_proto, "replaceAll", replace_all_front, 2);
    b.def(string_proto, "search", search_front, 1);
    b.def(string_proto, "split", split_front, 2);
}

/// The own properties `create` gives a RegExp: `lastIndex`, which is not configurable, so
/// a RegExp with one own property has no other.
const OWN_PROPS: usize = 1;

/// The RegExp `v` if it is pristine: made by the built-in constructor (or a literal), its
/// prototype the untouched `RegExp.prototype` (so its `exec`, symbol methods and `flags`
/// and flag getters are the built-ins), no own property added (so none shadows them), and, with `species`, the RegExp constructor untouched (its
/// `Symbol.species`). Every lookup ECMAScript's protocol makes on it then finds a built-in.
fn pristine<'a>(vm: &'a Vm, v: &Value, species: bool) -> Option<(ObjRef, &'a Arc<RegExpSlots>)> {
    let Value::Obj(r) = v else { return None };
    let o = vm.heap.get(*r);
    let Kind::RegExp(rx) = &o.kind else {
        return None;
    };
    let proto = vm.realm.regexp_proto;
    let ok = o.proto == Some(proto)
        && o.props.entries.len() == OWN_PROPS
        && vm.heap.is_pristine(proto)
        && (!species || vm.heap.is_pristine(vm.realm.regexp_ctor));
    ok.then_some((*r, rx))
}

/// Whether `v` is a string and `RegExp.prototype` untouched: a String method given it makes
/// a built-in RegExp of it whose protocol finds only built-ins.
fn string_pattern(vm: &Vm, v: &Value) -> bool {
    matches!(v, Value::Str(_)) && vm.heap.is_pristine(vm.realm.regexp_proto)
}

/// The spec path: the prelude function `hook` with the same `this` and arguments.
fn spec_path(vm: &mut Vm, hook: usize, this: &Value, a: &[Value]) -> JsResult<Value> {
    let Some(f) = vm.realm.hooks[hook] else {
        return Err(vm.type_error("the RegExp built-ins are not available"));
    };
    vm.tail_call = Some((Value::Obj(f), this.clone(), a.to_vec()));
    Ok(Value::Undefined)
}

/// `lastIndex` of a pristine RegExp is +0 or -0 (a search need not save and restore it).
fn last_index_is_zero(vm: &Vm, r: ObjRef) -> bool {
    let o = vm.heap.get(r);
    o.props
        .entries
        .iter()
        .find(|p| p.key.units() == LAST_INDEX)
        .is_some_and(|p| matches!(p.value, Value::Num(n) if n == 0.0))
}

const LAST_INDEX: &[u16] = &[
    b'l' as u16,
    b'a' as u16,
    b's' as u16,
    b't' as u16,
    b'I' as u16,
    b'n' as u16,
    b'd' as u16,
    b'e' as u16,
    b'x' as u16,
];

/// `RegExp.prototype.test`.
fn test_front(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    if matches!(arg(a, 0), Value::Str(_)) && pristine(vm, this, false).is_some() {
        return regexp_test(vm, this, a);
    }
    spec_path(vm, HOOK_REGEXP_TEST, this, a)
}

/// `String.prototype.match`.
fn match_front(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let p = arg(a, 0);
    if matches!(this, Value::Str(_))
        && (string_pattern(vm, &p) || pristine(vm, &p, false).is_some())
    {
        return str_match(vm, this, a);
    }
    spec_path(vm, HOOK_STR_MATCH, this, a)
}

/// `String.prototype.search`.
fn search_front(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let p = arg(a, 0);
    if matches!(this, Value::Str(_)) {
        let fast = string_pattern(vm, &p)
            || pristine(vm, &p, false).is_some_and(|(r, _)| last_index_is_zero(vm, r));
        if fast {
            return str_search(vm, this, a);
        }
    }
    spec_path(vm, HOOK_STR_SEARCH, this, a)
}

/// `String.prototype.split`: a string (or no) separator, or a pristine RegExp.
fn split_front(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let (sep, limit) = (arg(a, 0), arg(a, 1));
    if matches!(this, Value::Str(_)) && matches!(limit, Value::Undefined | Value::Num(_)) {
        if matches!(sep, Value::Str(_) | Value::Undefined) || pristine(vm, &sep, true).is_some() {
            return string::str_split(vm, this, a);
        }
    }
    spec_path(vm, HOOK_STR_SPLIT, this, a)
}

/// `String.prototype.replace`: a pristine RegExp and a replacement string.
fn replace_front(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let (p, rep) = (arg(a, 0), arg(a, 1));
    if matches!(this, Value::Str(_))
        && matches!(rep, Value::Str(_))
        && pristine(vm, &p, false).is_some()
    {
        return intr_regexp_replace(vm, &Value::Undefined, &[p, this.clone(), rep]);
    }
    spec_path(vm, HOOK_STR_REPLACE, this, a)
}

/// `String.prototype.replaceAll`: a pristine global RegExp and a replacement string.
fn replace_all_front(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let (p, rep) = (arg(a, 0), arg(a, 1));
    if matches!(this, Value::Str(_))
        && matches!(rep, Value::Str(_))
        && pristine(vm, &p, false).is_some_and(|(_, rx)| rx.flags().global)
    {
        return intr_regexp_replace(vm, &Value::Undefined, &[p, this.clone(), rep]);
    }
    spec_path(vm, HOOK_STR_REPLACE_ALL, this, a)
}

/// `__cm_strMatch(s, regexp)`, `__cm_strSearch(s, regexp)`, `__cm_strSplit(s, separator,
/// limit)` and `__cm_regexpTest(rx, s)`: the native paths, for regexp.js to take once it
/// has found the built-ins (no protocol checks).
pub(crate) fn intr_str_match(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    str_match(vm, &arg(a, 0), a.get(1..).unwrap_or(&[]))
}
pub(crate) fn intr_str_search(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    str_search(vm, &arg(a, 0), a.get(1..).unwrap_or(&[]))
}
pub(crate) fn intr_str_split(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    string::str_split(vm, &arg(a, 0), a.get(1..).unwrap_or(&[]))
}
pub(crate) fn intr_regexp_test(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    regexp_test(vm, &arg(a, 0), a.get(1..).unwrap_or(&[]))
}

/// The execution's budget as the matcher's: fuel, deadline and memory limit. The first
/// exhaustion's `Throw` is kept for the caller.
struct VmBudget<'a> {
    vm: &'a mut Vm,
    error: Option<Throw>,
}

/// The deadline is read when the fuel used crosses a multiple of this (256 matcher steps
/// at the matcher's rate of 4 steps a fuel unit), not at every charge: a loop of short
/// matches reads the clock once per few hundred steps, a long match at least as often.
const DEADLINE_FUEL: u64 = 64;

impl Budget for VmBudget<'_> {
    fn steps(&mut self, n: u64) -> Result<(), Exhausted> {
        let before = self.vm.fuel_used / DEADLINE_FUEL;
        let r = self.vm.charge(n as usize).and_then(|_| {
            if self.vm.fuel_used / DEADLINE_FUEL != before {
                self.vm.check_deadline()
            } else {
                Ok(())
            }
        });
        r.map_err(|t| {
            self.error = Some(t);
            Exhausted::Fuel
        })
    }
    fn memory(&mut self, bytes: usize) -> Result<(), Exhausted> {
        self.vm.ensure_memory(bytes).map_err(|t| {
            self.error = Some(t);
            Exhausted::Memory
        })
    }
}

/// One search of `rx` in `s` from `start` under the execution's budget.
fn find(vm: &mut Vm, rx: &Regex, s: &[u16], start: usize, sticky: bool) -> JsResult<Option<Match>> {
    let mut scratch = vm.regex_cache.scratch.take().unwrap_or_default();
    let mut budget = VmBudget { vm, error: None };
    let r = rx.find_at_with(s, start, sticky, &mut budget, &mut scratch);
    let r = match r {
        Ok(m) => Ok(m),
        Err(e) => Err(budget
            .error
            .take()
            .unwrap_or_else(|| Throw::Fatal(fuel_diag(budget.vm, e)))),
    };
    budget.vm.regex_cache.scratch = Some(scratch);
    r
}

/// [`find`] for a caller that needs only the whole match's span: no `Match` is built.
fn find_span(
    vm: &mut Vm,
    rx: &Regex,
    s: &[u16],
    start: usize,
    sticky: bool,
) -> JsResult<Option<(usize, usize)>> {
    let mut scratch = vm.regex_cache.scratch.take().unwrap_or_default();
    let mut budget = VmBudget { vm, error: None };
    let r = rx.is_match_at_with(s, start, sticky, &mut budget, &mut scratch);
    let r = match r {
        Ok(found) => Ok(found.then(|| {
            let slots = scratch.slots();
            (slots[0], slots[1])
        })),
        Err(e) => Err(budget
            .error
            .take()
            .unwrap_or_else(|| Throw::Fatal(fuel_diag(budget.vm, e)))),
    };
    budget.vm.regex_cache.scratch = Some(scratch);
    r
}

fn fuel_diag(vm: &Vm, _e: Exhausted) -> codemode_core::Diagnostic {
    vm.fuel_diag()
}

/// The compiled regex of a RegExp object.
pub(crate) fn regexp_of(vm: &Vm, v: &Value) -> Option<(ObjRef, Arc<RegExpSlots>)> {
    let Value::Obj(r) = v else { return None };
    match &vm.heap.get(*r).kind {
        Kind::RegExp(rx) => Some((*r, rx.clone())),
        _ => None,
    }
}

/// EscapeRegExpPattern: the `source` that reads back as the same literal.
fn escape_source(p: &[u16]) -> Vec<u16> {
    if p.is_empty() {
        return "(?:)".encode_utf16().collect();
    }
    let mut out = Vec::with_capacity(p.len());
    let (mut escaped, mut in_class) = (false, false);
    for &u in p {
        if escaped {
            escaped = false;
        } else {
            match u {
                0x5C => escaped = true,
                0x5B => in_class = true,
                0x5D => in_class = false,
                0x2F if !in_class => {
                    out.push(0x5C);
                }
                _ => {}
            }
        }
        match u {
            0x0A => out.extend("\\n".encode_utf16()),
            0x0D => out.extend("\\r".encode_utf16()),
            0x2028 => out.extend("\\u2028".encode_utf16()),
            0x2029 => out.extend("\\u2029".encode_utf16()),
            _ => out.push(u),
        }
    }
    out
}

/// A new RegExp object for `pattern` (unescaped source) and `flags`; a SyntaxError for an
/// invalid one. `literal`: the pattern is a literal's body (already in `source` form).
fn create(vm: &mut Vm, pattern: JsStr, flags: JsStr, literal: bool) -> JsResult<Value> {
    let rx = compiled(vm, pattern, flags, literal)?;
    vm.ensure_memory(rx.byte_size())?;
    vm.heap.charge(PROP_COST);
    let proto = vm.realm.regexp_proto;
    let last_index = last_index_key(vm);
    let mut o = Object::new(Some(proto), Kind::RegExp(rx));
    // The only own property (ECMAScript's RegExpAlloc): the rest are RegExp.prototype's
    // accessors over the internal slots.
    o.props = PropMap::from_distinct(vec![Prop {
        key: last_index,
        value: Value::Num(0.0),
        flags: WRITABLE | NON_CONFIGURABLE,
    }]);
    Ok(Value::Obj(vm.heap.alloc(o)))
}

/// The compiled pattern and internal slots of `pattern` and `flags`, from the execution's
/// cache or compiled (a SyntaxError for an invalid one).
fn compiled(
    vm: &mut Vm,
    pattern: JsStr,
    flags: JsStr,
    literal: bool,
) -> JsResult<Arc<RegExpSlots>> {
    let recent = vm
        .regex_cache
        .recent
        .iter()
        .find(|e| e.0.ptr_eq(&pattern) && e.1.ptr_eq(&flags))
        .map(|e| e.2.clone());
    let cached = match recent {
        Some(hit) => Some(hit),
        None => {
            let hit = vm
                .regex_cache
                .map
                .get(&(pattern.clone(), flags.clone()))
                .cloned();
            if let Some(rx) = &hit {
                let recent = &mut vm.regex_cache.recent;
                if recent.len() >= RECENT_LITERALS {
                    recent.remove(0);
                }
                recent.push((pattern.clone(), flags.clone(), rx.clone()));
            }
            hit
        }
    };
    let rx = match cached {
        Some(entry) => entry,
        None => {
            // Compiling is linear in the pattern (plus a fixed pass for case folding).
            vm.charge(pattern.len().saturating_mul(16).saturating_add(256))?;
            vm.ensure_memory(pattern.len().saturating_mul(64))?;
            let regex = match Regex::with_flags(pattern.units(), flags.units()) {
                Ok(rx) => rx,
                Err(e) => return Err(vm.syntax_error(&e.0)),
            };
            // A literal's body reads back as itself (EscapeRegExpPattern leaves it as it
            // is), so one entry serves a literal and `new RegExp` of the same text.
            let source = if literal {
                pattern.clone()
            } else {
                JsStr::new(escape_source(pattern.units()))
            };
            let canonical = JsStr::from_str(&regex.flags().to_string_canonical());
            // One key per name (a name shared by groups in different alternatives is one).
            let group_keys = regex
                .group_names()
                .iter()
                .map(|(n, _)| JsStr::from_str(n))
                .collect();
            let rx = Arc::new(RegExpSlots::new(regex, source, canonical, group_keys));
            if pattern.len() <= CACHE_MAX_PATTERN {
                let cache = &mut vm.regex_cache.map;
                if cache.len() >= CACHE_MAX_ENTRIES {
                    cache.clear();
                }
                cache.insert((pattern, flags), rx.clone());
            }
            rx
        }
    };
    Ok(rx)
}

/// `__cm_regexpLiteralTest(pattern, flags, s)`: `/pattern/flags.test(s)` without the
/// literal's object when that cannot be told apart: `s` is a string and RegExp.prototype
/// untouched, so the call would find the built-in `test` and `exec` on a new RegExp whose
/// `lastIndex` is 0 and which no one else holds. Undefined otherwise (the compiled code
/// then makes the object and calls `test` as usual).
pub(crate) fn intr_regexp_literal_test(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let (Value::Str(p), Value::Str(f), Value::Str(s)) = (arg(a, 0), arg(a, 1), arg(a, 2)) else {
        return Ok(Value::Undefined);
    };
    if !vm.heap.is_pristine(vm.realm.regexp_proto) {
        return Ok(Value::Undefined);
    }
    let rx = compiled(vm, p, f, true)?;
    let found = find_span(vm, &rx, s.units(), 0, rx.flags().sticky)?;
    Ok(Value::Bool(found.is_some()))
}

/// `__cm_regexpLiteralSplit(s, pattern, flags)`: `s.split(/pattern/flags)` without the
/// literal's object when that cannot be told apart: `s` is a string and
/// String.prototype, RegExp.prototype and the RegExp constructor untouched, so the call
/// finds the built-in `split`, which takes its native path for a new RegExp that no one
/// else holds. Undefined otherwise (the ordinary call follows).
pub(crate) fn intr_regexp_literal_split(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let (Value::Str(s), Value::Str(p), Value::Str(f)) = (arg(a, 0), arg(a, 1), arg(a, 2)) else {
        return Ok(Value::Undefined);
    };
    let realm = &vm.realm;
    let untouched = vm.heap.is_pristine(realm.string_proto)
        && vm.heap.is_pristine(realm.regexp_proto)
        && vm.heap.is_pristine(realm.regexp_ctor);
    if !untouched {
        return Ok(Value::Undefined);
    }
    let rx = compiled(vm, p, f, true)?;
    match rx.literal() {
        Some(units) if rx.group_count() == 0 && !s.is_empty() => {
            string::split_units(vm, &s, units, u32::MAX as usize)
        }
        _ => split(vm, &rx, &s, Value::Undefined),
    }
}

pub(crate) fn intr_regexp_literal(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let (Value::Str(p), Value::Str(f)) = (arg(a, 0), arg(a, 1)) else {
        return Err(vm.type_error("invalid regular expression literal"));
    };
    create(vm, p, f, true)
}

/// `__cm_regexpFlags(rx)`: a RegExp's [[OriginalFlags]] (undefined for anything else).
pub(crate) fn intr_regexp_flags(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(regexp_of(vm, &arg(a, 0)).map_or(Value::Undefined, |(_, rx)| Value::Str(rx.flags.clone())))
}

pub(crate) fn intr_is_regexp(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    Ok(Value::Bool(regexp_of(vm, &arg(a, 0)).is_some()))
}

pub(crate) fn regexp_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let (p, f) = (arg(a, 0), arg(a, 1));
    let is_new = vm.is_new;
    // IsRegExp: an object's Symbol.match when it has one, else whether it is a RegExp.
    let is_regexp = match &p {
        Value::Obj(_) => {
            let key = vm.realm.well_known.match_.clone();
            match vm.get_prop(&p, &key)? {
                Value::Undefined => regexp_of(vm, &p).is_some(),
                m => m.truthy(),
            }
        }
        _ => false,
    };
    if !is_new && is_regexp && matches!(f, Value::Undefined) {
        let ctor = vm.get_prop(&p, &JsStr::from_str("constructor"))?;
        if matches!(ctor, Value::Obj(c) if c == vm.realm.regexp_ctor) {
            return Ok(p);
        }
    }
    let (pattern, flags) = if let Some((_, rx)) = regexp_of(vm, &p) {
        // [[OriginalSource]] (escaped, which denotes the same pattern) and
        // [[OriginalFlags]], not the getters.
        let flags = match f {
            Value::Undefined => rx.flags.clone(),
            f => vm.to_string(&f)?,
        };
        return create(vm, rx.source.clone(), flags, true);
    } else if is_regexp {
        let source = vm.get_prop(&p, &JsStr::from_str("source"))?;
        let flags = match f {
            Value::Undefined => vm.get_prop(&p, &JsStr::from_str("flags"))?,
            f => f,
        };
        (source, flags)
    } else {
        (p, f)
    };
    let pattern = match pattern {
        Value::Undefined => JsStr::from_str(""),
        p => vm.to_string(&p)?,
    };
    let flags = match flags {
        Value::Undefined => JsStr::from_str(""),
        f => vm.to_string(&f)?,
    };
    create(vm, pattern, flags, false)
}

fn this_regexp(vm: &mut Vm, this: &Value, method: &str) -> JsResult<(ObjRef, Arc<RegExpSlots>)> {
    match regexp_of(vm, this) {
        Some(x) => Ok(x),
        None => {
            let what = match this {
                Value::Obj(_) => "[object Object]".to_string(),
                v => vm.to_rust_string(v)?,
            };
            Err(vm.type_error(&format!(
                "Method RegExp.prototype.{method} called on incompatible receiver {what}"
            )))
        }
    }
}

fn last_index_key(vm: &Vm) -> JsStr {
    vm.regex_cache.keys[KEY_LAST_INDEX].clone()
}

/// `Set(R, "lastIndex", n, true)`: a TypeError when a program made it read-only.
fn set_last_index(vm: &mut Vm, r: ObjRef, n: usize) -> JsResult<()> {
    let key = last_index_key(vm);
    let props = &vm.heap.get(r).props;
    if props
        .find(&key)
        .is_some_and(|i| props.entries[i].flags & WRITABLE == 0)
    {
        return Err(vm.type_error(
            "Cannot assign to read only property 'lastIndex' of object '[object RegExp]'",
        ));
    }
    vm.set_prop(&Value::Obj(r), key, Value::Num(n as f64))
}

/// RegExpBuiltinExec without building the result: reads and updates `lastIndex` as
/// ECMAScript does.
fn builtin_exec(vm: &mut Vm, r: ObjRef, rx: &Regex, s: &JsStr) -> JsResult<Option<Match>> {
    builtin_exec_by(vm, r, rx, s, find, |m: &Match| m.end())
}

/// A search from a position ([`find`] or [`find_span`]).
type Search<T> = fn(&mut Vm, &Regex, &[u16], usize, bool) -> JsResult<Option<T>>;

/// [`builtin_exec`] with `search` and the end of what it found.
fn builtin_exec_by<T>(
    vm: &mut Vm,
    r: ObjRef,
    rx: &Regex,
    s: &JsStr,
    search: Search<T>,
    end: fn(&T) -> usize,
) -> JsResult<Option<T>> {
    let f = rx.flags();
    let tracks = f.global || f.sticky;
    let start = if tracks {
        let key = last_index_key(vm);
        let v = vm.get_prop(&Value::Obj(r), &key)?;
        let n = vm.to_number(&v)?;
        if n.is_nan() || n <= 0.0 {
            0.0
        } else {
            n.floor()
        }
    } else {
        // ECMAScript reads and converts lastIndex even when it does not use it (a
        // program's valueOf sees the call); a number's conversion is not observable.
        let key = &vm.regex_cache.keys[KEY_LAST_INDEX];
        let own = vm.heap.get(r).props.entries.first();
        if !own.is_some_and(|p| p.key.ptr_eq(key) && matches!(p.value, Value::Num(_))) {
            let key = last_index_key(vm);
            let v = vm.get_prop(&Value::Obj(r), &key)?;
            vm.to_number(&v)?;
        }
        0.0
    };
    if start > s.len() as f64 {
        if tracks {
            set_last_index(vm, r, 0)?;
        }
        return Ok(None);
    }
    let m = search(vm, rx, s.units(), start as usize, f.sticky)?;
    if tracks {
        let at = m.as_ref().map_or(0, end);
        set_last_index(vm, r, at)?;
    }
    Ok(m)
}

/// The value of a capture: its text or undefined.
fn capture(vm: &mut Vm, s: &JsStr, m: &Match, i: usize) -> JsResult<Value> {
    match m.group(i) {
        Some((a, b)) => vm.str_from(&s.units()[a..b]),
        None => Ok(Value::Undefined),
    }
}

/// The array `exec` returns: the captures, `index`, `input`, `groups` and (flag `d`)
/// `indices`.
fn build_result(vm: &mut Vm, rx: &RegExpSlots, s: &JsStr, m: &Match) -> JsResult<Value> {
    let n = m.len();
    vm.reserve_array(n)?;
    let mut items = Vec::with_capacity(n);
    for i in 0..n {
        items.push(capture(vm, s, m, i)?);
    }
    let groups = named_groups(vm, rx, &items)?;
    let arr = vm.new_array(items);
    let keys = &vm.regex_cache.keys;
    let prop = |key: &JsStr, value| Prop {
        key: key.clone(),
        value,
        flags: DEFAULT_FLAGS,
    };
    let mut props = Vec::with_capacity(if rx.flags().has_indices { 4 } else { 3 });
    props.push(prop(&keys[KEY_INDEX], Value::Num(m.start() as f64)));
    props.push(prop(&keys[KEY_INPUT], Value::Str(s.clone())));
    props.push(prop(&keys[KEY_GROUPS], groups));
    if rx.flags().has_indices {
        let mut pairs = Vec::with_capacity(n);
        for i in 0..n {
            pairs.push(match m.group(i) {
                Some((a, b)) => {
                    let p = vm.new_array(vec![Value::Num(a as f64), Value::Num(b as f64)]);
                    Value::Obj(p)
                }
                None => Value::Undefined,
            });
        }
        let groups = named_groups(vm, rx, &pairs)?;
        let ind = vm.new_array(pairs);
        let groups_key = vm.regex_cache.keys[KEY_GROUPS].clone();
        vm.heap
            .get_mut(ind)
            .props
            .insert(groups_key, groups, DEFAULT_FLAGS);
        props.push(Prop {
            key: JsStr::from_str("indices"),
            value: Value::Obj(ind),
            flags: DEFAULT_FLAGS,
        });
    }
    vm.heap.get_mut(arr).props = PropMap::from_distinct(props);
    vm.heap.charge(PROP_COST * 4);
    Ok(Value::Obj(arr))
}

/// The `groups` object (null prototype) of the values `per_group` (indexed by group
/// number), or undefined when the pattern has no named group. A name shared by groups in
/// different alternatives is one property: the value of the group that participated.
fn named_groups(vm: &mut Vm, rx: &RegExpSlots, per_group: &[Value]) -> JsResult<Value> {
    if rx.group_names().is_empty() {
        return Ok(Value::Undefined);
    }
    let names = rx.group_keys.iter().cloned();
    let o = vm.alloc(None, Kind::Ordinary);
    vm.heap.charge(PROP_COST * rx.group_names().len());
    // `group_names` has one entry per name: the keys are distinct.
    let props = rx
        .group_names()
        .iter()
        .zip(names)
        .map(|((_, groups), key)| Prop {
            key,
            value: groups
                .iter()
                .filter_map(|&i| per_group.get(i))
                .find(|v| !matches!(v, Value::Undefined))
                .cloned()
                .unwrap_or_default(),
            flags: DEFAULT_FLAGS,
        })
        .collect();
    vm.heap.get_mut(o).props = PropMap::from_distinct(props);
    Ok(Value::Obj(o))
}

pub(crate) fn regexp_exec(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let (r, rx) = this_regexp(vm, this, "exec")?;
    let s = vm.to_string(&arg(a, 0))?;
    match builtin_exec(vm, r, &rx, &s)? {
        Some(m) => build_result(vm, &rx, &s, &m),
        None => Ok(Value::Null),
    }
}

pub(crate) fn regexp_test(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let (r, rx) = this_regexp(vm, this, "test")?;
    let s = vm.to_string(&arg(a, 0))?;
    let found = builtin_exec_by(vm, r, &rx, &s, find_span, |m| m.1)?;
    Ok(Value::Bool(found.is_some()))
}

/// A flag getter of RegExp.prototype (§22.2.6): the flag in a RegExp's [[OriginalFlags]],
/// undefined on RegExp.prototype itself, a TypeError on anything else.
fn flag_getter(
    vm: &mut Vm,
    this: &Value,
    name: &str,
    flag: fn(&codemode_regex::Flags) -> bool,
) -> JsResult<Value> {
    if let Some((_, rx)) = regexp_of(vm, this) {
        return Ok(Value::Bool(flag(&rx.flags())));
    }
    if matches!(this, Value::Obj(o) if *o == vm.realm.regexp_proto) {
        return Ok(Value::Undefined);
    }
    Err(vm.type_error(&format!(
        "RegExp.prototype.{name} getter called on non-RegExp object"
    )))
}

fn get_dot_all(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    flag_getter(vm, this, "dotAll", |f| f.dot_all)
}
fn get_global(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    flag_getter(vm, this, "global", |f| f.global)
}
fn get_has_indices(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    flag_getter(vm, this, "hasIndices", |f| f.has_indices)
}
fn get_ignore_case(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    flag_getter(vm, this, "ignoreCase", |f| f.ignore_case)
}
fn get_multiline(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    flag_getter(vm, this, "multiline", |f| f.multiline)
}
fn get_sticky(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    flag_getter(vm, this, "sticky", |f| f.sticky)
}
fn get_unicode(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    flag_getter(vm, this, "unicode", |f| f.unicode)
}
fn get_unicode_sets(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    flag_getter(vm, this, "unicodeSets", |f| f.unicode_sets)
}

/// `get RegExp.prototype.source`: [[OriginalSource]] as EscapeRegExpPattern gives it.
fn get_source(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    if let Some((_, rx)) = regexp_of(vm, this) {
        return Ok(Value::Str(rx.source.clone()));
    }
    if matches!(this, Value::Obj(o) if *o == vm.realm.regexp_proto) {
        return Ok(Value::str("(?:)"));
    }
    Err(vm.type_error("RegExp.prototype.source getter called on non-RegExp object"))
}

/// `get RegExp.prototype.flags`: generic, a letter for each truthy flag property of the
/// receiver (regexp.js reads them). A pristine RegExp's getters can only give its
/// [[OriginalFlags]].
fn get_flags(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    if let Some((_, rx)) = pristine(vm, this, false) {
        return Ok(Value::Str(rx.flags.clone()));
    }
    if !matches!(this, Value::Obj(_)) {
        let t = vm.to_rust_string(this)?;
        return Err(vm.type_error(&format!(
            "RegExp.prototype.flags getter called on non-object {t}"
        )));
    }
    spec_path(vm, HOOK_REGEXP_FLAGS, this, a)
}

/// `RegExp.prototype.toString`: generic, `/${source}/${flags}` (regexp.js reads them).
pub(crate) fn regexp_to_string(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    if let Some((_, rx)) = pristine(vm, this, false) {
        let (src, flags) = (rx.source.units(), rx.flags.units());
        let mut out = Vec::with_capacity(src.len() + flags.len() + 2);
        out.push(b'/' as u16);
        out.extend_from_slice(src);
        out.push(b'/' as u16);
        out.extend_from_slice(flags);
        vm.reserve_string(out.len())?;
        return vm.new_string(out);
    }
    if !matches!(this, Value::Obj(_)) {
        let t = vm.to_rust_string(this)?;
        return Err(vm.type_error(&format!(
            "Method RegExp.prototype.toString called on incompatible receiver {t}"
        )));
    }
    spec_path(vm, HOOK_REGEXP_TO_STRING, this, a)
}

/// AdvanceStringIndex: past one code unit, or one code point in the unicode modes.
fn advance(s: &[u16], i: usize, unicode: bool) -> usize {
    if unicode && i + 1 < s.len() && (0xD800..0xDC00).contains(&s[i]) {
        if (0xDC00..0xE000).contains(&s[i + 1]) {
            return i + 2;
        }
    }
    i + 1
}

/// Every match of a global regex from 0 (each empty match advances one character), as
/// `match`/`replace` see them; leaves `lastIndex` at 0 as the final failing exec does.
fn all_matches(vm: &mut Vm, r: ObjRef, rx: &Regex, s: &JsStr) -> JsResult<Vec<Match>> {
    let f = rx.flags();
    let unicode = f.unicode || f.unicode_sets;
    let mut out = Vec::new();
    let mut at = 0;
    while at <= s.len() {
        let Some(m) = find(vm, rx, s.units(), at, f.sticky)? else {
            break;
        };
        at = if m.end() == m.start() {
            advance(s.units(), m.end(), unicode)
        } else {
            m.end()
        };
        if out.len() % crate::limits::DEADLINE_STRIDE == 0 {
            vm.check_len(out.len())?;
            vm.ensure_memory(out.capacity() * (std::mem::size_of::<Match>() + 4 * m.len()))?;
        }
        out.push(m);
    }
    set_last_index(vm, r, 0)?;
    Ok(out)
}

/// The RegExp a String method uses for `v`: `v` itself, or a new one from its text.
fn regexp_for(vm: &mut Vm, v: &Value, flags: &str) -> JsResult<(ObjRef, Arc<RegExpSlots>)> {
    if let Some(x) = regexp_of(vm, v) {
        return Ok(x);
    }
    let pattern = match v {
        Value::Undefined => JsStr::from_str(""),
        v => vm.to_string(v)?,
    };
    let rv = create(vm, pattern, JsStr::from_str(flags), false)?;
    regexp_of(vm, &rv).ok_or_else(|| vm.type_error("not a RegExp"))
}

pub(crate) fn str_match(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = string::this_str(vm, this)?;
    let (r, rx) = regexp_for(vm, &arg(a, 0), "")?;
    if !rx.flags().global {
        return match builtin_exec(vm, r, &rx, &s)? {
            Some(m) => build_result(vm, &rx, &s, &m),
            None => Ok(Value::Null),
        };
    }
    let all = all_matches(vm, r, &rx, &s)?;
    if all.is_empty() {
        return Ok(Value::Null);
    }
    vm.reserve_array(all.len())?;
    let mut items = Vec::with_capacity(all.len());
    for m in &all {
        items.push(vm.str_from(&s.units()[m.start()..m.end()])?);
    }
    Ok(Value::Obj(vm.new_array(items)))
}

pub(crate) fn str_search(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = string::this_str(vm, this)?;
    let (_, rx) = regexp_for(vm, &arg(a, 0), "")?;
    // The search starts at 0 whatever lastIndex is, and leaves lastIndex as it was.
    let m = find_span(vm, &rx, s.units(), 0, rx.flags().sticky)?;
    Ok(Value::Num(m.map_or(-1.0, |m| m.0 as f64)))
}

/// `String.prototype.split` with a RegExp separator (ECMAScript's @@split: the pieces
/// between matches, each match's captures spliced in, up to `limit` items).
pub(crate) fn split(vm: &mut Vm, rx: &Regex, s: &JsStr, limit: Value) -> JsResult<Value> {
    let lim = match limit {
        Value::Undefined => u32::MAX as usize,
        v => number::to_uint32(vm.to_number(&v)?) as usize,
    };
    let f = rx.flags();
    let unicode = f.unicode || f.unicode_sets;
    let u = s.units();
    let mut out: Vec<Value> = Vec::new();
    if lim == 0 {
        return Ok(Value::Obj(vm.new_array(out)));
    }
    if u.is_empty() {
        if find(vm, rx, u, 0, true)?.is_none() {
            out.push(Value::Str(s.clone()));
        }
        return Ok(Value::Obj(vm.new_array(out)));
    }
    let (mut p, mut q) = (0usize, 0usize);
    let captures = rx.group_count() > 0;
    while q < u.len() {
        // ECMAScript tries a sticky copy at q, then q + 1, ...: the leftmost match from q
        // (whatever the pattern's own `y` flag). Without groups only the span is needed.
        let (m, (start, end)) = if captures {
            let Some(m) = find(vm, rx, u, q, false)? else {
                break;
            };
            let span = (m.start(), m.end());
            (Some(m), span)
        } else {
            let Some(span) = find_span(vm, rx, u, q, false)? else {
                break;
            };
            (None, span)
        };
        if start >= u.len() {
            break;
        }
        let e = end.min(u.len());
        if e == p {
            q = advance(u, start, unicode);
            continue;
        }
        if out.len() % crate::limits::DEADLINE_STRIDE == 0 {
            vm.check_len(out.len())?;
            vm.ensure_memory(2 * out.capacity() * crate::limits::ELEMENT_COST)?;
        }
        out.push(vm.str_from(&u[p..start])?);
        if out.len() == lim {
            return Ok(Value::Obj(vm.new_array(out)));
        }
        if let Some(m) = &m {
            for i in 1..m.len() {
                out.push(capture(vm, s, m, i)?);
                if out.len() == lim {
                    return Ok(Value::Obj(vm.new_array(out)));
                }
            }
        }
        p = e;
        q = p;
    }
    out.push(vm.str_from(&u[p..])?);
    vm.reserve_array(out.len())?;
    Ok(Value::Obj(vm.new_array(out)))
}

/// GetSubstitution: the replacement text of one match, `$$ $& $\` $' $n $nn $<name>`.
fn substitute(vm: &mut Vm, rx: &Regex, s: &[u16], m: &Match, rep: &[u16], out: &mut Vec<u16>) {
    let groups = m.len() - 1;
    let cap = |i: usize| m.group(i).map(|(a, b)| &s[a..b]);
    let digit = |u: u16| {
        (b'0' as u16..=b'9' as u16)
            .contains(&u)
            .then(|| (u - b'0' as u16) as usize)
    };
    let mut i = 0;
    let _ = vm;
    while i < rep.len() {
        let c = rep[i];
        if c != b'$' as u16 || i + 1 >= rep.len() {
            out.push(c);
            i += 1;
            continue;
        }
        let d = rep[i + 1];
        match d {
            0x24 => {
                out.push(0x24);
                i += 2;
            }
            0x26 => {
                out.extend_from_slice(&s[m.start()..m.end()]);
                i += 2;
            }
            0x60 => {
                out.extend_from_slice(&s[..m.start()]);
                i += 2;
            }
            0x27 => {
                out.extend_from_slice(&s[m.end().min(s.len())..]);
                i += 2;
            }
            0x3C if !rx.names().is_empty() => {
                match rep[i + 2..].iter().position(|&x| x == b'>' as u16) {
                    Some(len) => {
                        let name = String::from_utf16_lossy(&rep[i + 2..i + 2 + len]);
                        let groups = rx.group_names().iter().find(|(n, _)| *n == name);
                        if let Some((a, b)) = groups.and_then(|(_, gs)| m.first_set(gs)) {
                            out.extend_from_slice(&s[a..b]);
                        }
                        i += 3 + len;
                    }
                    None => {
                        out.push(c);
                        i += 1;
                    }
                }
            }
            _ => match digit(d) {
                Some(n1) => {
                    let two = rep
                        .get(i + 2)
                        .and_then(|&x| digit(x))
                        .map(|n2| n1 * 10 + n2);
                    match two {
                        Some(nn) if nn >= 1 && nn <= groups => {
                            if let Some(t) = cap(nn) {
                                out.extend_from_slice(t);
                            }
                            i += 3;
                        }
                        _ if n1 >= 1 && n1 <= groups => {
                            if let Some(t) = cap(n1) {
                                out.extend_from_slice(t);
                            }
                            i += 2;
                        }
                        _ => {
                            out.push(c);
                            i += 1;
                        }
                    }
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            },
        }
    }
}

/// `replace`/`replaceAll` with a RegExp and a string replacement (regexp.js handles a
/// function replacement).
pub(crate) fn intr_regexp_replace(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let Some((r, rx)) = regexp_of(vm, &arg(a, 0)) else {
        return Err(vm.type_error("not a RegExp"));
    };
    let s = vm.to_string(&arg(a, 1))?;
    let rep = vm.to_string(&arg(a, 2))?;
    let u = s.units();
    let mut out: Vec<u16> = Vec::new();
    let mut next = 0;
    let max = vm.limits.max_string_len;
    // Each match is substituted as it is found: a global replace over ten million matches
    // holds the output, never the matches.
    let add = |vm: &mut Vm, m: &Match, out: &mut Vec<u16>, next: &mut usize| {
        let (before, capacity) = (out.len(), out.capacity());
        out.extend_from_slice(&u[(*next).min(m.start())..m.start()]);
        substitute(vm, &rx, u, m, rep.units(), out);
        *next = m.end();
        if out.len() > max {
            return Err(vm.range_error("Invalid string length"));
        }
        vm.charge((out.len() - before) / crate::limits::COPY_UNITS_PER_CHARGE)?;
        if out.capacity() != capacity {
            vm.ensure_memory(JsStr::cost(out.capacity()))?;
        }
        Ok(())
    };
    if rx.flags().global {
        let f = rx.flags();
        let unicode = f.unicode || f.unicode_sets;
        let mut at = 0;
        while at <= u.len() {
            let Some(m) = find(vm, &rx, u, at, f.sticky)? else {
                break;
            };
            at = if m.end() == m.start() {
                advance(u, m.end(), unicode)
            } else {
                m.end()
            };
            add(vm, &m, &mut out, &mut next)?;
        }
        set_last_index(vm, r, 0)?;
    } else if let Some(m) = builtin_exec(vm, r, &rx, &s)? {
        add(vm, &m, &mut out, &mut next)?;
    }
    out.extend_from_slice(&u[next.min(u.len())..]);
    vm.reserve_string(out.len())?;
    vm.new_string(out)
}
