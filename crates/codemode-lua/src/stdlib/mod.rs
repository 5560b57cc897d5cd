//! The standard library: a registry of builtin functions (indexed by [`BuiltinId`]),
//! argument checking worded as Lua's auxiliary library words it, and the construction of
//! the global environment.

pub mod base;
pub mod coroutine;
mod format_fast;
pub mod json;
pub mod load;
pub mod math;
pub mod string;
pub mod table;
pub mod table_meta;
pub mod tostr;
pub mod utf8;

use codemode_lua_text::number::{self as lnum, Number};

use crate::heap::Heap;
use crate::value::{BuiltinId, StrRef, TableRef, Value};
use crate::vm::{LResult, LuaError, Vm};

/// What a builtin did.
pub enum Native {
    /// Returned the values in `vm.rets`.
    Ret,
    /// Pushed a frame (a continuation and usually a callee); the VM runs it.
    Frame,
    /// Issued a host call; the program waits.
    Suspend,
}

pub type NativeFn = fn(&mut Vm, Args) -> LResult<Native>;

/// The arguments of a builtin call: `nargs` values from stack slot `base`; `func` is the
/// slot of the called function (where results go).
#[derive(Clone, Copy)]
pub struct Args {
    pub base: usize,
    pub n: usize,
    pub name: &'static str,
    pub lib: &'static str,
    /// Results the caller wants (-1: all); continuations return this many.
    pub nresults: i32,
    /// The builtin runs again from its own continuation frame, and program code called it:
    /// the calling Lua frame is the one under that continuation (for argument errors).
    pub resumed_from_lua: bool,
}

pub struct BuiltinDef {
    /// The library table (`""` for globals).
    pub lib: &'static str,
    pub name: &'static str,
    pub f: NativeFn,
}

macro_rules! defs {
    ($( $lib:literal $name:literal => $f:path ),* $(,)?) => {
        pub static BUILTINS: &[BuiltinDef] = &[
            $( BuiltinDef { lib: $lib, name: $name, f: $f } ),*
        ];
    };
}

// The first entries have fixed ids the VM relies on.
pub const NEXT: BuiltinId = BuiltinId(0);
pub const IPAIRS_ITER: BuiltinId = BuiltinId(1);
pub const UTF8_CODES_ITER: BuiltinId = BuiltinId(2);
pub const UTF8_CODES_LAX_ITER: BuiltinId = BuiltinId(3);

defs! {
    "" "next" => base::next,
    "\0" "ipairs_iter" => base::ipairs_iter,
    "\0" "codes_iter" => utf8::codes_iter,
    "\0" "codes_iter_lax" => utf8::codes_iter_lax,
    "" "assert" => base::assert,
    "" "error" => base::error,
    "" "ipairs" => base::ipairs,
    "" "pairs" => base::pairs,
    "" "pcall" => base::pcall,
    "" "parallel" => coroutine::parallel,
    "" "xpcall" => base::xpcall,
    "" "print" => base::print,
    "" "rawequal" => base::rawequal,
    "" "setmetatable" => base::setmetatable,
    "" "load" => load::load,
    "" "getmetatable" => base::getmetatable,
    "" "rawget" => base::rawget,
    "" "rawlen" => base::rawlen,
    "" "rawset" => base::rawset,
    "" "select" => base::select,
    "" "tonumber" => base::tonumber,
    "" "tostring" => base::tostring,
    "" "type" => base::type_,
    "string" "byte" => string::byte,
    "string" "char" => string::char,
    "string" "find" => string::find,
    "string" "format" => string::format,
    "string" "gmatch" => string::gmatch,
    "string" "gsub" => string::gsub,
    "string" "len" => string::len,
    "string" "lower" => string::lower,
    "string" "match" => string::match_,
    "string" "pack" => string::pack,
    "string" "packsize" => string::packsize,
    "string" "rep" => string::rep,
    "string" "reverse" => string::reverse,
    "string" "sub" => string::sub,
    "string" "unpack" => string::unpack,
    "string" "upper" => string::upper,
    "table" "concat" => table::concat,
    "table" "insert" => table::insert,
    "table" "move" => table::move_,
    "table" "pack" => table::pack,
    "table" "remove" => table::remove,
    "table" "sort" => table::sort,
    "table" "unpack" => table::unpack,
    "math" "abs" => math::abs,
    "math" "ceil" => math::ceil,
    "math" "floor" => math::floor,
    "math" "fmod" => math::fmod,
    "math" "modf" => math::modf,
    "math" "max" => math::max,
    "math" "min" => math::min,
    "math" "sqrt" => math::sqrt,
    "math" "exp" => math::exp,
    "math" "log" => math::log,
    "math" "sin" => math::sin,
    "math" "cos" => math::cos,
    "math" "tan" => math::tan,
    "math" "asin" => math::asin,
    "math" "acos" => math::acos,
    "math" "atan" => math::atan,
    "math" "tointeger" => math::tointeger,
    "math" "type" => math::type_,
    "math" "ult" => math::ult,
    "math" "random" => math::random,
    "math" "randomseed" => math::randomseed,
    "math" "deg" => math::deg,
    "math" "rad" => math::rad,
    "utf8" "char" => utf8::char,
    "utf8" "codepoint" => utf8::codepoint,
    "utf8" "codes" => utf8::codes,
    "utf8" "len" => utf8::len,
    "utf8" "offset" => utf8::offset,
    "coroutine" "create" => coroutine::create,
    "coroutine" "resume" => coroutine::resume,
    "coroutine" "yield" => coroutine::yield_,
    "coroutine" "wrap" => coroutine::wrap,
    "coroutine" "status" => coroutine::status,
    "coroutine" "running" => coroutine::running,
    "coroutine" "isyieldable" => coroutine::isyieldable,
    "coroutine" "close" => coroutine::close,
    "json" "array" => json::array,
    "json" "encode" => json::encode,
    "json" "decode" => json::decode,
}

#[inline]
pub fn call_builtin(
    vm: &mut Vm,
    id: BuiltinId,
    base: usize,
    nargs: usize,
    nresults: i32,
) -> LResult<Native> {
    match BUILTINS.get(id.0 as usize) {
        Some(def) => {
            vm.charge(1)?;
            (def.f)(
                vm,
                Args {
                    base,
                    n: nargs,
                    name: def.name,
                    lib: def.lib,
                    nresults,
                    resumed_from_lua: false,
                },
            )
        }
        None => Err(LuaError::Msg("attempt to call an unknown builtin".into())),
    }
}

/// Strings the library needs at run time, interned once.
#[derive(Clone)]
pub struct Names {
    pub n: StrRef,
    pub types: [StrRef; 8],
    pub integer: StrRef,
    pub float: StrRef,
    /// Metamethod names, indexed by `vm::meta::Event`.
    pub events: [StrRef; 27],
}

impl Names {
    pub fn new(heap: &mut Heap) -> Names {
        let mut t = |s: &'static str| heap.intern_static(s.as_bytes());
        Names {
            n: t("n"),
            types: [
                t("nil"),
                t("boolean"),
                t("number"),
                t("string"),
                t("table"),
                t("function"),
                t("userdata"),
                t("thread"),
            ],
            integer: t("integer"),
            float: t("float"),
            events: crate::vm::meta::EVENT_NAMES.map(&mut t),
        }
    }

    pub fn mark(&self, mark: &mut dyn FnMut(Value)) {
        mark(Value::Str(self.n));
    }

    pub fn type_name(&self, name: &str) -> StrRef {
        match name {
            "nil" => self.types[0],
            "boolean" => self.types[1],
            "number" => self.types[2],
            "string" => self.types[3],
            "table" => self.types[4],
            "function" => self.types[5],
            "thread" => self.types[7],
            _ => self.types[6],
        }
    }
}

/// Builds the library tables and the globals in `heap`. Returns (globals, string table).
pub fn install(heap: &mut Heap) -> (TableRef, TableRef) {
    let g = heap.new_table(0, 64);
    let max = usize::MAX;
    // The library tables go into the globals first, the most used first: a table's index
    // probes linearly from a key's home slot, and a key inserted into an empty index is
    // always at its home slot (also after a rebuild, which inserts in entry order), so
    // `string.format` and `table.insert` pay one probe for the global.
    let mut libs: Vec<(&'static str, TableRef)> = Vec::new();
    let mut lib_names: Vec<&'static str> = vec!["string", "table", "math"];
    for def in BUILTINS {
        if !def.lib.is_empty() && !def.lib.starts_with('\0') && !lib_names.contains(&def.lib) {
            lib_names.push(def.lib);
        }
    }
    for name in lib_names {
        let t = heap.new_table(0, 32);
        libs.push((name, t));
        let k = Value::Str(heap.intern_static(name.as_bytes()));
        let _ = heap.with_table(g, |tab, _| tab.set(k, Value::Table(t), max));
    }
    for (i, def) in BUILTINS.iter().enumerate() {
        if def.lib.starts_with('\0') {
            continue;
        }
        let target = if def.lib.is_empty() {
            g
        } else {
            // Every library's table was made above.
            match libs.iter().find(|(n, _)| *n == def.lib) {
                Some((_, t)) => *t,
                None => continue,
            }
        };
        let k = Value::Str(heap.intern_static(def.name.as_bytes()));
        let _ = heap.with_table(target, |t, _| {
            t.set(k, Value::Builtin(BuiltinId(i as u16)), max)
        });
    }
    let lib = |n: &str| libs.iter().find(|(l, _)| *l == n).map(|(_, t)| *t);
    let set = |heap: &mut Heap, t: Option<TableRef>, name: &'static str, v: Value| {
        if let Some(t) = t {
            let k = Value::Str(heap.intern_static(name.as_bytes()));
            let _ = heap.with_table(t, |tab, _| tab.set(k, v, max));
        }
    };
    let math = lib("math");
    set(heap, math, "pi", Value::Float(std::f64::consts::PI));
    set(heap, math, "huge", Value::Float(f64::INFINITY));
    set(heap, math, "maxinteger", Value::Int(i64::MAX));
    set(heap, math, "mininteger", Value::Int(i64::MIN));
    let cp = Value::Str(heap.intern_static(b"[\x00-\x7F\xC2-\xFD][\x80-\xBF]*"));
    set(heap, lib("utf8"), "charpattern", cp);
    set(heap, lib("json"), "null", Value::JsonNull);
    let v = Value::Str(heap.intern_static(b"Lua 5.4"));
    set(heap, Some(g), "_VERSION", v);
    set(heap, Some(g), "_G", Value::Table(g));
    let string = lib("string").unwrap_or(g);
    (g, string)
}

// ---- argument checking ----

impl Args {
    #[inline]
    pub fn get(&self, vm: &Vm, i: usize) -> Value {
        vm.arg(self.base, self.n, i)
    }

    pub fn error(&self, i: usize, msg: impl std::fmt::Display) -> LuaError {
        LuaError::Msg(format!(
            "bad argument #{} to '{}' ({})",
            i + 1,
            self.name,
            msg
        ))
    }

    /// Like [`Args::error`]; a builtin called by another builtin (not from program code)
    /// is named with its library, as Lua does ("bad argument #1 to 'table.insert'"), and
    /// one called as a method (`s:rep(x)`) does not count `self`, as lauxlib's
    /// `luaL_argerror`.
    pub fn error_vm(&self, vm: &Vm, i: usize, msg: impl std::fmt::Display) -> LuaError {
        // The Lua frame that called this builtin, if program code did: the top frame, or
        // the one under the builtin's own continuation.
        let caller = match vm.frames.last().map(|f| &f.kind) {
            Some(crate::vm::FrameKind::Lua { .. }) => Some(0),
            _ if self.resumed_from_lua => Some(1),
            _ => None,
        };
        // Named as the call site names it; else as lua5.4's pushglobalfuncname would.
        let name = match caller.and_then(|level| vm.call_site_name(level)) {
            Some(n) => n,
            None if self.lib.is_empty() => self.name.to_string(),
            None => format!("{}.{}", self.lib, self.name),
        };
        match caller {
            Some(level) if vm.called_as_method(level) => {
                if i == 0 {
                    return LuaError::Msg(format!("calling '{name}' on bad self ({msg})"));
                }
                LuaError::Msg(format!("bad argument #{i} to '{name}' ({msg})"))
            }
            _ => LuaError::Msg(format!("bad argument #{} to '{name}' ({msg})", i + 1)),
        }
    }

    pub fn type_error(&self, vm: &Vm, i: usize, expected: &str) -> LuaError {
        let got = if i >= self.n {
            "no value".to_string()
        } else {
            // A string `__name` names the value's type, as lauxlib's luaL_typeerror.
            let v = self.get(vm, i);
            match vm.metamethod(v, crate::vm::meta::Event::Name) {
                Value::Str(n) => String::from_utf8_lossy(vm.str(n)).into_owned(),
                _ => vm.type_name(v).to_string(),
            }
        };
        self.error_vm(vm, i, format!("{expected} expected, got {got}"))
    }

    pub fn check_any(&self, vm: &Vm, i: usize) -> LResult<Value> {
        if i >= self.n {
            return Err(self.error_vm(vm, i, "value expected"));
        }
        Ok(self.get(vm, i))
    }

    pub fn check_table(&self, vm: &Vm, i: usize) -> LResult<TableRef> {
        match self.get(vm, i) {
            Value::Table(t) => Ok(t),
            _ => Err(self.type_error(vm, i, "table")),
        }
    }

    pub fn check_number(&self, vm: &mut Vm, i: usize) -> LResult<Number> {
        let v = self.get(vm, i);
        match v {
            Value::Int(x) => Ok(Number::Int(x)),
            Value::Float(x) => Ok(Number::Float(x)),
            Value::Str(s) => {
                // A numeral is read in full: charged by its length.
                vm.charge(crate::vm::arith::numeral_cost(&vm.heap, s) as u64)?;
                vm.to_number(v)
                    .ok_or_else(|| self.type_error(vm, i, "number"))
            }
            _ => Err(self.type_error(vm, i, "number")),
        }
    }

    pub fn check_float(&self, vm: &mut Vm, i: usize) -> LResult<f64> {
        Ok(match self.check_number(vm, i)? {
            Number::Int(x) => x as f64,
            Number::Float(f) => f,
        })
    }

    pub fn check_int(&self, vm: &mut Vm, i: usize) -> LResult<i64> {
        let v = self.get(vm, i);
        if let Value::Int(x) = v {
            return Ok(x);
        }
        match self.check_number(vm, i)? {
            Number::Int(x) => Ok(x),
            Number::Float(f) => lnum::float_to_int_exact(f)
                .ok_or_else(|| self.error_vm(vm, i, "number has no integer representation")),
        }
    }

    pub fn opt_int(&self, vm: &mut Vm, i: usize, default: i64) -> LResult<i64> {
        if self.get(vm, i).is_nil() {
            Ok(default)
        } else {
            self.check_int(vm, i)
        }
    }

    /// A string argument; numbers are converted (as `luaL_checklstring` does).
    #[inline]
    pub fn check_str(&self, vm: &mut Vm, i: usize) -> LResult<StrRef> {
        match self.get(vm, i) {
            Value::Str(s) => Ok(s),
            v => self.str_of_other(vm, i, v),
        }
    }

    /// [`Args::check_str`] for an argument that is not a string already.
    #[cold]
    fn str_of_other(&self, vm: &mut Vm, i: usize, v: Value) -> LResult<StrRef> {
        match v {
            Value::Int(_) | Value::Float(_) => match vm.tostring(v)? {
                Value::Str(s) => Ok(s),
                _ => Err(self.type_error(vm, i, "string")),
            },
            _ => Err(self.type_error(vm, i, "string")),
        }
    }

    pub fn opt_str(&self, vm: &mut Vm, i: usize) -> LResult<Option<StrRef>> {
        if self.get(vm, i).is_nil() {
            Ok(None)
        } else {
            self.check_str(vm, i).map(Some)
        }
    }
}

/// Renders a text-library error, raising out-of-fuel as the uncatchable timeout.
pub fn lib_error(e: codemode_lua_text::FormatError, fname: &str) -> LuaError {
    if e.out_of_fuel {
        return crate::vm::out_of_fuel();
    }
    LuaError::Msg(e.render(fname))
}

/// [`lib_error`] with the builtin named as Lua names it from where it was called.
pub fn lib_error_vm(vm: &Vm, a: &Args, e: codemode_lua_text::FormatError) -> LuaError {
    if e.out_of_fuel {
        return crate::vm::out_of_fuel();
    }
    match e.arg {
        Some(n) => a.error_vm(vm, n - 1, e.message),
        None => LuaError::Msg(e.message),
    }
}

pub fn pattern_error(e: codemode_lua_text::PatternError) -> LuaError {
    match e {
        codemode_lua_text::PatternError::OutOfFuel => crate::vm::out_of_fuel(),
        codemode_lua_text::PatternError::Malformed(m) => LuaError::Msg(m),
    }
}

/// A meter holding the execution's remaining fuel and its deadline, for the text
/// algorithms.
pub fn meter(vm: &Vm) -> codemode_lua_text::Meter {
    codemode_lua_text::Meter::with_deadline(vm.total_fuel_left(), vm.deadline.map(|d| d.at))
}

/// Charges what a meter spent back to the VM; a meter stopped by the deadline ends the
/// execution with the timeout.
pub fn settle(vm: &mut Vm, m: &codemode_lua_text::Meter, start: u64) -> LResult<()> {
    if m.timed_out() {
        return Err(vm.meter_exhausted(m));
    }
    let spent = start.saturating_sub(m.remaining());
    vm.charge(spent)
}

/// How many values one builtin may return: lua5.4's `LUAI_MAXSTACK`, past which its
/// `luaL_checkstack` fails with a catchable error (the exact count there depends on the
/// stack in use; this is its upper bound).
pub const MAX_RESULTS: usize = 1_000_000;

/// A catchable `msg` (lua5.4's wording for the function) when `n` results are too many.
pub fn check_results(n: usize, msg: &str) -> LResult<()> {
    if n >= MAX_RESULTS {
        return Err(LuaError::Msg(msg.into()));
    }
    Ok(())
}

#[inline]
/// Runs a builtin as continuation `cont` (in place of its call, as `a` describes it) from
/// its first step: `resume` goes on until the builtin returns or waits on a metamethod
/// frame. An error is positioned at the caller (the frame under the continuation).
pub fn start_cont(
    vm: &mut Vm,
    cont: crate::vm::Cont,
    a: &Args,
    resume: fn(&mut Vm) -> LResult<Option<crate::vm::Exit>>,
) -> LResult<Native> {
    vm.push_cont(cont, a.base - 1, a.nresults)?;
    match resume(vm) {
        Ok(Some(crate::vm::Exit::Suspend)) => Ok(Native::Suspend),
        Ok(_) => Ok(Native::Frame),
        Err(e @ LuaError::Msg(_)) => Err(vm.locate_level(e, 1)),
        Err(e) => Err(e),
    }
}

pub fn ret1(vm: &mut Vm, v: Value) -> LResult<Native> {
    vm.rets.push(v);
    Ok(Native::Ret)
}

/// A runtime error raised inside a builtin (a failed comparison in `math.max` or in
/// `table.sort` without a comparator) carries no position, as in Lua.
pub fn unpositioned<T>(vm: &mut Vm, r: LResult<T>) -> LResult<T> {
    match r {
        Err(LuaError::Msg(m)) => {
            vm.error_loc = vm.frame_location(0);
            let s = vm.heap.intern_vec(m.into_bytes());
            Err(LuaError::Value(Value::Str(s)))
        }
        other => other,
    }
}
