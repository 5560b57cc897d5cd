//! Built-in objects implemented in Rust, the realm they live in, and the intrinsics the
//! self-hosted prelude (prelude.js) calls. One file per global; each has an `install` that
//! adds its objects to the realm being built.

pub(crate) use crate::heap::*;
pub(crate) use crate::limits::{find_units_bounded, rfind_units_bounded, StrPart};
pub(crate) use crate::number;
pub(crate) use crate::value::*;
pub(crate) use crate::vm::{JsResult, Throw, Vm};

mod array;
mod bigint;
mod clone;
mod collections;
mod console;
mod date;
mod error;
mod function;
mod generator;
mod intl;
mod intrinsics;
mod iterator;
mod iterator_helpers;
mod json;
mod math;
mod numeric;
mod object;
mod promise;
mod regexp;
mod string;
mod symbol;
mod uri;

pub use array::array_push;
use array::*;
pub(crate) use collections::{
    default_iter as collection_default_iter, drain as drain_collection_iter,
    snapshot as collection_snapshot, step as collection_iter_step, Collection, CollectionIter,
    CollectionKind,
};
pub(crate) use date::export_text as date_export_text;
pub(crate) use date::locale::Options as DateTimeOptions;
pub use date::{time_zone_exists, DateEnv};
pub(crate) use intl::NumberFormat;
use intrinsics::*;
pub use intrinsics::{import_module, INTRINSICS};
pub(crate) use iterator::{array_iter_step, ArrayIter, IterRealm, ITER_STRING};
pub(crate) use object::has_own_accessor;
pub use object::NON_CONFIGURABLE;
use object::*;
pub use regexp::RegexCache;
use string::*;
pub(crate) use symbol::WellKnown;

pub type NativeFn = fn(&mut Vm, &Value, &[Value]) -> JsResult<Value>;

#[derive(Clone, Debug)]
pub struct Realm {
    pub global: ObjRef,
    pub object_proto: ObjRef,
    pub function_proto: ObjRef,
    pub array_proto: ObjRef,
    pub string_proto: ObjRef,
    pub number_proto: ObjRef,
    pub boolean_proto: ObjRef,
    pub promise_proto: ObjRef,
    pub date_proto: ObjRef,
    pub number_format_proto: ObjRef,
    pub map_proto: ObjRef,
    pub set_proto: ObjRef,
    pub weak_map_proto: ObjRef,
    pub weak_set_proto: ObjRef,
    pub collection_iter_proto: ObjRef,
    /// %GeneratorPrototype%: `next`, `return`, `throw`.
    pub generator_proto: ObjRef,
    /// %AsyncGeneratorPrototype%: the same, answering with promises.
    pub async_generator_proto: ObjRef,
    /// %GeneratorFunction.prototype% and %AsyncGeneratorFunction.prototype%: the prototypes
    /// of generator functions.
    pub generator_function_proto: ObjRef,
    pub async_generator_function_proto: ObjRef,
    pub date_time_format_proto: ObjRef,
    pub regexp_proto: ObjRef,
    /// The RegExp constructor (its `Symbol.species` decides whether `split` may take the
    /// native path).
    pub regexp_ctor: ObjRef,
    pub error_proto: ObjRef,
    pub type_error_proto: ObjRef,
    pub range_error_proto: ObjRef,
    pub syntax_error_proto: ObjRef,
    pub reference_error_proto: ObjRef,
    pub aggregate_error_proto: ObjRef,
    pub uri_error_proto: ObjRef,
    pub eval_error_proto: ObjRef,
    /// The prelude's `convert`: operators whose operands need a program-defined
    /// valueOf/toString run there (see `Vm::call_converter`).
    pub converter: Option<ObjRef>,
    /// The prelude's accessor-aware versions of what the VM does natively for plain data
    /// (indexed by the `HOOK_` constants; set by `__cm_setHook`).
    pub hooks: [Option<ObjRef>; HOOKS],
    pub symbol_proto: ObjRef,
    pub bigint_proto: ObjRef,
    /// The iterator prototypes and built-in iteration methods (builtins/iterator.rs).
    pub iter: iterator::IterRealm,
    pub well_known: symbol::WellKnown,
    /// The strings `typeof` gives, made once: a `typeof` allocates nothing.
    pub typeof_names: crate::vm::TypeofNames,
}

/// `exportPrepare(v)`: JSON.parse(JSON.stringify(v)), run before exporting a value whose
/// getters or toJSON methods must run.
pub const HOOK_EXPORT_PREPARE: usize = 0;
/// `copyDataProps(dst, src, exclude)`: object spread and rest over accessors.
pub const HOOK_COPY_PROPS: usize = 1;
/// `Object.values`, `Object.entries`, `Object.assign` reading (and writing) accessors.
pub const HOOK_VALUES: usize = 2;
pub const HOOK_ENTRIES: usize = 3;
pub const HOOK_ASSIGN: usize = 4;
/// `callPrepared(f, args)`: a host call whose arguments need `exportPrepare` first.
pub const HOOK_CALL_PREPARED: usize = 5;
/// `hasInstance(f, c, v)`: `instanceof` through a `[Symbol.hasInstance]` method.
pub const HOOK_HAS_INSTANCE: usize = 6;
/// `iterClose(iterator, quiet)`: calls an iterator's `return()` (see vm/iter.rs).
pub const HOOK_ITER_CLOSE: usize = 7;
/// `iterCollect(value, n)`: the first `n` values of an iterable, as an array (closing it).
pub const HOOK_ITER_COLLECT: usize = 8;
/// `toStringTag(o, getter)`: Object.prototype.toString through a program-defined getter.
pub const HOOK_TO_STRING_TAG: usize = 9;
/// `getIterator(v)`: `{ iterator, next }` of a value that needs the protocol.
pub const HOOK_GET_ITERATOR: usize = 10;
/// `spreadInto(array, v)`: appends what `v` iterates to `array`; returns it.
pub const HOOK_SPREAD: usize = 11;
/// `withItems(code, v)`: a built-in constructor (Map, Set, ...) over what `v` iterates.
pub const HOOK_WITH_ITEMS: usize = 12;
/// `delegateIterator(v)`: the iterator a `yield*` walks.
pub const HOOK_DELEGATE_ITERATOR: usize = 13;
/// `delegateStep(it, mode, x)`: one step of a `yield*` (`RESUME_` mode): the inner result.
pub const HOOK_DELEGATE_STEP: usize = 14;
/// `asyncIterator(v)`: the async iterator a `for await` walks (`[Symbol.asyncIterator]`, or
/// the sync iterator with each value awaited).
pub const HOOK_ASYNC_ITERATOR: usize = 15;
/// `asyncNext(it)`: what `it.next()` returns (awaited by the loop).
pub const HOOK_ASYNC_NEXT: usize = 16;
/// `asyncResult(r)`: `r` if it is an object (an iterator result), else a TypeError.
pub const HOOK_ASYNC_RESULT: usize = 17;
/// `asyncClose(it, quiet)`: what `it.return()` returns (awaited by the loop); `quiet`
/// swallows its errors (the loop is leaving by a throw).
pub const HOOK_ASYNC_CLOSE: usize = 18;
/// `asyncDelegateStep(it, mode, x)`: a `yield*` step of an async generator: what the inner
/// async iterator's `next`/`throw`/`return` gives (awaited by the loop).
pub const HOOK_ASYNC_DELEGATE_STEP: usize = 19;
/// `helperClosed(helper)`: `return()` on an iterator helper not yet started finishes it and
/// closes its underlying iterator (builtins/iterator_helpers.rs).
pub const HOOK_HELPER_CLOSED: usize = 20;
/// `wrapReturn(iterator)`: `return()` of what `Iterator.from` wrapped.
pub const HOOK_WRAP_RETURN: usize = 21;
/// The spec paths of `String.prototype.match`/`replace`/`replaceAll`/`search`/`split` and
/// `RegExp.prototype.test` (builtins/regexp.js), which their natives (builtins/regexp.rs)
/// call with the same `this` and arguments when the built-in RegExp's fast path does not
/// apply.
pub const HOOK_STR_MATCH: usize = 22;
pub const HOOK_STR_REPLACE: usize = 23;
pub const HOOK_STR_REPLACE_ALL: usize = 24;
pub const HOOK_STR_SEARCH: usize = 25;
pub const HOOK_STR_SPLIT: usize = 26;
pub const HOOK_REGEXP_TEST: usize = 27;
/// `get RegExp.prototype.flags` and `RegExp.prototype.toString` on anything but a pristine
/// RegExp: they read properties a program may have made accessors.
pub const HOOK_REGEXP_FLAGS: usize = 28;
pub const HOOK_REGEXP_TO_STRING: usize = 29;
pub const HOOKS: usize = 30;

impl Realm {
    pub fn roots(&self) -> Vec<ObjRef> {
        vec![
            self.global,
            self.object_proto,
            self.function_proto,
            self.array_proto,
            self.string_proto,
            self.number_proto,
            self.boolean_proto,
            self.promise_proto,
            self.date_proto,
            self.number_format_proto,
            self.map_proto,
            self.set_proto,
            self.weak_map_proto,
            self.weak_set_proto,
            self.collection_iter_proto,
            self.generator_proto,
            self.async_generator_proto,
            self.generator_function_proto,
            self.async_generator_function_proto,
            self.date_time_format_proto,
            self.regexp_proto,
            self.regexp_ctor,
            self.error_proto,
            self.type_error_proto,
            self.range_error_proto,
            self.syntax_error_proto,
            self.reference_error_proto,
            self.aggregate_error_proto,
            self.uri_error_proto,
            self.eval_error_proto,
            self.symbol_proto,
            self.bigint_proto,
        ]
        .into_iter()
        .chain(self.iter.roots())
        .chain(self.converter)
        .chain(self.hooks.iter().flatten().copied())
        .collect()
    }
}

fn arg(args: &[Value], i: usize) -> Value {
    args.get(i).cloned().unwrap_or_default()
}

/// The realm under construction and the table of natives its function objects index.
pub(crate) struct RealmBuilder<'h> {
    pub heap: &'h mut Heap,
    pub realm: Realm,
    pub natives: Vec<(NativeFn, &'static str, u8)>,
    pub build: Build,
}

/// What `build_realm` makes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Build {
    /// The realm's objects and the native table.
    Objects,
    /// Only the native table, in the same order (what a process that loads the realm image
    /// needs): the natives' function objects and properties are not made.
    NativesOnly,
}

impl RealmBuilder<'_> {
    /// A native function object `name` on `target`, not enumerable.
    pub fn def(&mut self, target: ObjRef, name: &'static str, f: NativeFn, len: u8) -> ObjRef {
        self.natives.push((f, name, len));
        if self.build == Build::NativesOnly {
            return target;
        }
        let id = (self.natives.len() - 1) as u16;
        let fo = self.heap.alloc(Object::new(
            Some(self.realm.function_proto),
            Kind::Native(id),
        ));
        self.heap
            .get_mut(target)
            .props
            .insert(JsStr::from_str(name), Value::Obj(fo), HIDDEN);
        fo
    }

    /// A built-in getter `f` (named `name`) as the accessor property `key` of `target`,
    /// without a setter, not enumerable.
    pub fn def_getter(&mut self, target: ObjRef, key: JsStr, name: &'static str, f: NativeFn) {
        self.natives.push((f, name, 0));
        if self.build == Build::NativesOnly {
            return;
        }
        let id = (self.natives.len() - 1) as u16;
        let fp = self.realm.function_proto;
        let getter = self.heap.alloc(Object::new(Some(fp), Kind::Native(id)));
        let slot = self.heap.alloc(Object::new(
            None,
            Kind::Accessor(Box::new((Value::Obj(getter), Value::Undefined))),
        ));
        self.heap
            .get_mut(target)
            .props
            .insert(key, Value::Obj(slot), crate::heap::ACCESSOR);
    }

    /// A non-enumerable data property.
    pub fn set(&mut self, target: ObjRef, name: &str, v: Value) {
        if self.build == Build::NativesOnly {
            return;
        }
        self.heap
            .get_mut(target)
            .props
            .insert(JsStr::from_str(name), v, HIDDEN);
    }

    /// `ctor.prototype = proto` and `proto.constructor = ctor`.
    pub fn link(&mut self, ctor: ObjRef, proto: ObjRef) {
        if self.build == Build::NativesOnly {
            return;
        }
        self.heap
            .get_mut(ctor)
            .props
            .insert(JsStr::from_str("prototype"), Value::Obj(proto), 0);
        self.heap.get_mut(proto).props.insert(
            JsStr::from_str("constructor"),
            Value::Obj(ctor),
            HIDDEN,
        );
    }

    pub fn obj(&mut self, proto: Option<ObjRef>, kind: Kind) -> ObjRef {
        self.heap.alloc(Object::new(proto, kind))
    }
}

/// The native table alone, as `build_realm` numbers it.
pub(crate) fn build_natives() -> Vec<(NativeFn, &'static str, u8)> {
    build_realm(&mut Heap::new(usize::MAX), Build::NativesOnly).1
}

/// Builds the realm's objects into `heap` (or only numbers the natives, see `Build`);
/// returns the realm and the native table.
pub(crate) fn build_realm(
    heap: &mut Heap,
    build: Build,
) -> (Realm, Vec<(NativeFn, &'static str, u8)>) {
    let obj =
        |heap: &mut Heap, proto: Option<ObjRef>, kind: Kind| heap.alloc(Object::new(proto, kind));
    let object_proto = obj(heap, None, Kind::Ordinary);
    let function_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let array_proto = obj(heap, Some(object_proto), Kind::Array(Vec::new()));
    let string_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let number_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let boolean_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let promise_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let date_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let number_format_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let map_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let set_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let weak_map_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let weak_set_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let collection_iter_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let generator_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let async_generator_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let generator_function_proto = obj(heap, Some(function_proto), Kind::Ordinary);
    let async_generator_function_proto = obj(heap, Some(function_proto), Kind::Ordinary);
    let date_time_format_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let regexp_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let error_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let mk_err = |heap: &mut Heap| heap.alloc(Object::new(Some(error_proto), Kind::Ordinary));
    let type_error_proto = mk_err(heap);
    let range_error_proto = mk_err(heap);
    let syntax_error_proto = mk_err(heap);
    let reference_error_proto = mk_err(heap);
    let aggregate_error_proto = mk_err(heap);
    let uri_error_proto = mk_err(heap);
    let eval_error_proto = mk_err(heap);
    let symbol_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let bigint_proto = obj(heap, Some(object_proto), Kind::Ordinary);
    let global = obj(heap, Some(object_proto), Kind::Ordinary);
    let realm = Realm {
        global,
        object_proto,
        function_proto,
        array_proto,
        string_proto,
        number_proto,
        boolean_proto,
        promise_proto,
        date_proto,
        number_format_proto,
        map_proto,
        set_proto,
        weak_map_proto,
        weak_set_proto,
        collection_iter_proto,
        generator_proto,
        async_generator_proto,
        generator_function_proto,
        async_generator_function_proto,
        date_time_format_proto,
        regexp_proto,
        regexp_ctor: global,
        error_proto,
        type_error_proto,
        range_error_proto,
        syntax_error_proto,
        reference_error_proto,
        aggregate_error_proto,
        uri_error_proto,
        eval_error_proto,
        converter: None,
        hooks: [None; HOOKS],
        symbol_proto,
        bigint_proto,
        well_known: symbol::WellKnown::new(),
        typeof_names: crate::vm::TypeofNames::new(),
        iter: iterator::IterRealm::placeholder(),
    };
    let mut b = RealmBuilder {
        heap,
        realm,
        // About 300 natives: one allocation instead of growing through the powers of two.
        natives: Vec::with_capacity(320),
        build,
    };
    b.set(global, "globalThis", Value::Obj(global));
    b.set(global, "NaN", Value::Num(f64::NAN));
    b.set(global, "Infinity", Value::Num(f64::INFINITY));
    b.set(global, "undefined", Value::Undefined);
    object::install(&mut b);
    function::install(&mut b);
    array::install(&mut b);
    string::install(&mut b);
    numeric::install(&mut b);
    math::install(&mut b);
    json::install(&mut b);
    console::install(&mut b);
    error::install(&mut b);
    promise::install(&mut b);
    uri::install(&mut b);
    date::install(&mut b);
    intl::install(&mut b);
    collections::install(&mut b);
    regexp::install(&mut b);
    symbol::install(&mut b);
    bigint::install(&mut b);
    iterator::install(&mut b);
    iterator_helpers::install(&mut b);
    generator::install(&mut b);
    let search = b.obj(Some(function_proto), Kind::Search);
    b.set(global, "search", Value::Obj(search));
    (b.realm, b.natives)
}
