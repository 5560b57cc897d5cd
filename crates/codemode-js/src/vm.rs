//! The virtual machine: frames in a Vec, exceptions, promises and jobs, host calls.

use crate::builtins::{NativeFn, Realm};
use crate::bytecode::{Arith, Capture, Cmp, FuncCode, Op, FOR_STEP_INC};
use crate::heap::*;
use crate::number;
use crate::value::*;
use codemode_core::{
    CallId, CallMode, Diagnostic, DiagnosticKind, HostCall, HostTarget, Location, VmLimits,
};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

/// A compiled module: the prelude or one program.
pub struct Module {
    pub funcs: Vec<FuncCode>,
    pub source: String,
    pub line_index: codemode_js_syntax::LineIndex,
}

pub const PROGRAM_BIT: u32 = 0x8000_0000;

/// The code of function `func` (its module by `PROGRAM_BIT`), from modules held by the caller.
#[inline(always)]
pub(crate) fn code_of<'m>(
    program: &'m Module,
    prelude: &'m Module,
    func: u32,
) -> Option<&'m FuncCode> {
    let module = if func & PROGRAM_BIT != 0 {
        program
    } else {
        prelude
    };
    module.funcs.get((func & !PROGRAM_BIT) as usize)
}

/// Whether the top frame can return by just handing its value to the caller's stack: a plain
/// call (not a construct, async body or job) with no try handler open in it.
#[inline(always)]
pub(crate) fn returns_plainly(frames: &[Frame], handlers: &[Handler]) -> bool {
    let depth = frames.len().wrapping_sub(1);
    matches!(
        frames.last(),
        Some(Frame {
            kind: FrameKind::Normal,
            ..
        })
    ) && handlers.last().is_none_or(|h| (h.frame as usize) < depth)
}

/// A fast-loop visit that makes fewer calls and loop iterations than this is short (see
/// `run_inner`)...
const FAST_VISIT_MIN_PROGRESS: u32 = 1;
/// ...and makes this many frame switches skip the fast loop.
const FAST_BACKOFF_SWITCHES: u32 = 32;

#[derive(Clone, Debug)]
pub enum FrameKind {
    Normal,
    Construct,
    Async(ObjRef),
    /// A promise reaction's handler: its outcome settles the target.
    Job(Option<ObjRef>),
    /// A thenable's `then` called by a resolve job: a throw rejects through `reject`.
    Thenable(ObjRef),
}

#[derive(Clone, Debug)]
pub struct Frame {
    pub func: u32,
    pub pc: u32,
    pub base: u32,
    pub closure: Option<ObjRef>,
    pub kind: FrameKind,
    pub resumed: bool,
}

impl Frame {
    pub fn trace(&self, work: &mut Vec<ObjRef>) {
        if let Some(c) = self.closure {
            work.push(c);
        }
        match self.kind {
            FrameKind::Async(p) | FrameKind::Job(Some(p)) | FrameKind::Thenable(p) => work.push(p),
            _ => {}
        }
    }
}

#[derive(Clone, Debug)]
pub struct Handler {
    pub frame: u32,
    pub pc: u32,
    /// Stack height relative to the frame base.
    pub height: u32,
}

pub enum Throw {
    Value(Value),
    Fatal(Diagnostic),
}

pub type JsResult<T> = Result<T, Throw>;

enum Job {
    Reaction {
        handler: Value,
        arg: Value,
        target: ReactionTarget,
        rejected: bool,
    },
    Thenable {
        promise: ObjRef,
        thenable: Value,
        then: Value,
    },
}

pub struct Vm {
    pub heap: Heap,
    pub realm: Realm,
    pub natives: Arc<Vec<(NativeFn, &'static str, u8)>>,
    pub prelude: Arc<Module>,
    pub program: Option<Arc<Module>>,
    pub stack: Vec<Value>,
    pub frames: Vec<Frame>,
    pub handlers: Vec<Handler>,
    jobs: VecDeque<Job>,
    pub limits: VmLimits,
    pub fuel: i64,
    pub fuel_used: u64,
    pub logs: Vec<String>,
    pub calls: Vec<HostCall>,
    pub pending: HashMap<u64, Option<ObjRef>>,
    pub next_call: u64,
    pub blocked: Option<u64>,
    pub tail_call: Option<(Value, Value, Vec<Value>)>,
    pub unhandled: Vec<ObjRef>,
    pub last_throw: Option<Location>,
    pub rng: u64,
    pub is_new: bool,
    /// Objects the embedder holds (the program's result promise).
    pub extra_roots: Vec<ObjRef>,
    argbuf: Vec<Value>,
    /// Receivers of the Array.prototype.join calls under way (node's cycle rule: a receiver
    /// met again joins as ""); see builtins::join_values.
    pub join_stack: Vec<ObjRef>,
    /// The execution's deadline (StartOptions::deadline), for the walks that export values.
    pub deadline: Option<codemode_core::Deadline>,
    /// Characters console.log's formatting may still write for the current line (the walk
    /// of shared references can expand far past the heap; see format::inspect).
    pub inspect_budget: usize,
    /// Built-in conversions under way inside one another (an Error whose message is itself,
    /// an object whose toString is Array.prototype.join): each is a native recursion.
    conversion_depth: u32,
}

/// The most built-in conversions that may run inside one another; past it node's RangeError.
const MAX_NESTED_CONVERSIONS: u32 = 64;

pub enum RunState {
    /// Frames are empty: the scheduler may run jobs.
    Idle,
    OutOfFuel,
    Blocked,
    Fatal(Diagnostic),
}

macro_rules! pop {
    ($s:expr) => {
        $s.stack.pop().unwrap_or_default()
    };
}

impl Vm {
    pub fn new(
        heap: Heap,
        realm: Realm,
        natives: Arc<Vec<(NativeFn, &'static str, u8)>>,
        prelude: Arc<Module>,
        limits: VmLimits,
    ) -> Vm {
        Vm {
            heap,
            realm,
            natives,
            prelude,
            program: None,
            stack: Vec::with_capacity(256),
            frames: Vec::with_capacity(32),
            handlers: Vec::new(),
            jobs: VecDeque::new(),
            limits,
            fuel: 0,
            fuel_used: 0,
            logs: Vec::new(),
            calls: Vec::new(),
            pending: HashMap::new(),
            next_call: 1,
            blocked: None,
            tail_call: None,
            unhandled: Vec::new(),
            last_throw: None,
            rng: 0x2545_f491_4f6c_dd1d,
            is_new: false,
            extra_roots: Vec::new(),
            argbuf: Vec::new(),
            join_stack: Vec::new(),
            deadline: None,
            inspect_budget: crate::format::INSPECT_MAX,
            conversion_depth: 0,
        }
    }

    pub fn code(&self, func: u32) -> &FuncCode {
        if func & PROGRAM_BIT != 0 {
            match &self.program {
                Some(p) => &p.funcs[(func & !PROGRAM_BIT) as usize],
                None => &self.prelude.funcs[0],
            }
        } else {
            &self.prelude.funcs[func as usize]
        }
    }

    fn module(&self, func: u32) -> &Module {
        if func & PROGRAM_BIT != 0 {
            self.program.as_deref().unwrap_or(&self.prelude)
        } else {
            &self.prelude
        }
    }

    pub fn location_of(&self, func: u32, pc: u32) -> Option<Location> {
        let m = self.module(func);
        let code = self.code(func);
        let off = *code.spans.get(pc as usize)?;
        Some(m.line_index.location(&m.source, off as usize))
    }

    fn current_location(&self) -> Option<Location> {
        // Prefer the innermost program frame (prelude frames have no useful location).
        for f in self.frames.iter().rev() {
            if f.func & PROGRAM_BIT != 0 {
                return self.location_of(f.func, f.pc.saturating_sub(1));
            }
        }
        None
    }

    // ---------- allocation and errors ----------

    pub fn alloc(&mut self, proto: Option<ObjRef>, kind: Kind) -> ObjRef {
        self.heap.alloc(Object::new(proto, kind))
    }

    pub fn new_object(&mut self) -> ObjRef {
        let p = self.realm.object_proto;
        self.alloc(Some(p), Kind::Ordinary)
    }

    /// The `arguments` object of a call whose arguments start at `base` (to the top of the
    /// stack): an unmapped (strict-mode) arguments object — indexed elements and a
    /// non-enumerable `length`, with Object.prototype as its prototype.
    fn new_arguments(&mut self, base: usize) -> ObjRef {
        let args: Vec<Value> = self.stack.get(base..).unwrap_or(&[]).to_vec();
        self.heap.charge(args.len() * 40 + 64);
        let o = self.new_object();
        let n = args.len();
        let props = &mut self.heap.get_mut(o).props;
        for (i, v) in args.into_iter().enumerate() {
            props.insert(
                JsStr::from_str(&i.to_string()),
                v,
                crate::heap::DEFAULT_FLAGS,
            );
        }
        props.insert(
            JsStr::from_str("length"),
            Value::Num(n as f64),
            crate::heap::HIDDEN,
        );
        o
    }

    pub fn new_array(&mut self, items: Vec<Value>) -> ObjRef {
        self.heap
            .charge(items.capacity() * crate::limits::ELEMENT_COST);
        let p = self.realm.array_proto;
        self.alloc(Some(p), Kind::Array(items))
    }

    pub fn new_string(&mut self, units: Vec<u16>) -> JsResult<Value> {
        if units.len() > self.limits.max_string_len {
            return Err(self.range_error("Invalid string length"));
        }
        self.heap.charge(JsStr::cost(units.capacity()));
        // Built before it was counted: end here rather than let the next one grow further.
        self.check_memory()?;
        Ok(Value::Str(JsStr::new(units)))
    }

    pub fn make_error(&mut self, proto: ObjRef, msg: &str) -> Value {
        let o = self.alloc(Some(proto), Kind::Error);
        self.heap
            .get_mut(o)
            .props
            .insert(JsStr::from_str("message"), Value::str(msg), HIDDEN);
        Value::Obj(o)
    }

    pub fn type_error(&mut self, msg: &str) -> Throw {
        let p = self.realm.type_error_proto;
        Throw::Value(self.make_error(p, msg))
    }
    pub fn range_error(&mut self, msg: &str) -> Throw {
        let p = self.realm.range_error_proto;
        Throw::Value(self.make_error(p, msg))
    }
    pub fn reference_error(&mut self, msg: &str) -> Throw {
        let p = self.realm.reference_error_proto;
        Throw::Value(self.make_error(p, msg))
    }
    pub fn syntax_error(&mut self, msg: &str) -> Throw {
        let p = self.realm.syntax_error_proto;
        Throw::Value(self.make_error(p, msg))
    }
    pub fn plain_error(&mut self, msg: &str) -> Throw {
        let p = self.realm.error_proto;
        Throw::Value(self.make_error(p, msg))
    }

    pub fn fatal_memory(&self) -> Throw {
        Throw::Fatal(Diagnostic::new(
            DiagnosticKind::ExecutionFailure,
            format!(
                "memory limit exceeded: the program holds more than {} bytes",
                self.limits.max_memory_bytes
            ),
        ))
    }

    /// Charges fuel for builtin work proportional to `n` items.
    /// Work of `DEADLINE_STRIDE` items or more also checks the deadline first.
    pub fn charge(&mut self, n: usize) -> JsResult<()> {
        if n >= crate::limits::DEADLINE_STRIDE {
            self.check_deadline()?;
        }
        let n = (n.min(i64::MAX as usize) as i64) / 4;
        self.fuel = self.fuel.saturating_sub(n);
        self.fuel_used = self.fuel_used.saturating_add(n.max(0) as u64);
        if self.fuel_used > self.limits.max_fuel {
            return Err(Throw::Fatal(self.fuel_diag()));
        }
        Ok(())
    }

    pub fn fuel_diag(&self) -> Diagnostic {
        Diagnostic::new(
            DiagnosticKind::TimeoutExceeded,
            format!(
                "the program ran out of fuel ({} units): it may loop forever",
                self.limits.max_fuel
            ),
        )
        .with_location(self.current_location())
    }

    // ---------- conversions ----------

    pub fn is_callable(&self, v: &Value) -> bool {
        match v {
            Value::Obj(r) => self.heap.get(*r).is_callable(),
            _ => false,
        }
    }

    pub fn type_of(&self, v: &Value) -> &'static str {
        match v {
            Value::Undefined | Value::Empty => "undefined",
            Value::Null => "object",
            Value::Bool(_) => "boolean",
            Value::Num(_) => "number",
            Value::Str(_) => "string",
            Value::Obj(r) => {
                if self.heap.get(*r).is_callable() {
                    "function"
                } else {
                    "object"
                }
            }
        }
    }

    pub fn to_number(&mut self, v: &Value) -> JsResult<f64> {
        Ok(match v {
            Value::Num(n) => *n,
            Value::Undefined | Value::Empty => f64::NAN,
            Value::Null => 0.0,
            Value::Bool(b) => *b as u8 as f64,
            Value::Str(s) => number::string_to_number(&s.to_rust()),
            Value::Obj(_) => {
                let p = self.to_primitive(v, true)?;
                return self.to_number(&p);
            }
        })
    }

    pub fn to_string(&mut self, v: &Value) -> JsResult<JsStr> {
        Ok(match v {
            Value::Str(s) => s.clone(),
            Value::Num(n) => JsStr::from_str(&number::to_string(*n)),
            Value::Undefined | Value::Empty => JsStr::from_str("undefined"),
            Value::Null => JsStr::from_str("null"),
            Value::Bool(b) => JsStr::from_str(if *b { "true" } else { "false" }),
            Value::Obj(_) => {
                let p = self.to_primitive(v, false)?;
                return self.to_string(&p);
            }
        })
    }

    pub fn to_rust_string(&mut self, v: &Value) -> JsResult<String> {
        Ok(self.to_string(v)?.to_rust())
    }

    /// ToPrimitive for the built-in objects. Program-defined `toString`/`valueOf` methods
    /// would need a call back into the program here, which this VM does not do: they are a
    /// TypeError rather than a wrong answer.
    pub fn to_primitive(&mut self, v: &Value, prefer_number: bool) -> JsResult<Value> {
        match self.native_to_primitive(v, prefer_number)? {
            Ok(p) => Ok(p),
            Err(name) => Err(self.type_error(&format!(
                "converting an object with a program-defined {name}() to a primitive is not supported here"
            ))),
        }
    }

    /// Whether converting `v` to a primitive calls a program-defined valueOf/toString (then
    /// operators route through `call_converter`).
    /// Decided from the methods alone, without running the built-in ones (the conversion
    /// that follows runs them): a built-in method yields a primitive, except
    /// Object.prototype.valueOf, which yields the object and passes to the next method.
    pub fn program_converts(&mut self, v: &Value, prefer_number: bool) -> bool {
        if !matches!(v, Value::Obj(_)) {
            return false;
        }
        let order = if prefer_number {
            ["valueOf", "toString"]
        } else {
            ["toString", "valueOf"]
        };
        for name in order {
            let key = JsStr::from_str(name);
            let Ok(Value::Obj(f)) = self.get_prop(v, &key) else {
                continue;
            };
            match self.heap.get(f).kind {
                Kind::Closure(_) | Kind::Bound(_) => return true,
                Kind::Native(_) => {
                    let object_value_of = self.heap.get(self.realm.object_proto).props.get(&key);
                    let is_object_value_of =
                        matches!(object_value_of, Some(Value::Obj(g)) if *g == f);
                    if name != "valueOf" || !is_object_value_of {
                        return false;
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// Runs operator `code` (see `convert_code`) on `a` and `b` in the prelude's converter,
    /// which converts with the program's valueOf/toString as ordinary calls. The result
    /// replaces the operands on the stack when the call returns.
    pub fn call_converter(&mut self, code: u8, a: Value, b: Value) -> JsResult<()> {
        let Some(f) = self.realm.converter else {
            return Err(self.type_error("Cannot convert object to primitive value"));
        };
        self.stack.push(Value::Obj(f));
        self.stack.push(Value::Undefined);
        self.stack.push(Value::Num(code as f64));
        self.stack.push(a);
        self.stack.push(b);
        self.call_value(3, u32::MAX, FrameKind::Normal)
    }

    /// ToPrimitive with the built-in methods only: `Ok(Err(name))` when the method that
    /// would run is the program's own.
    fn native_to_primitive(
        &mut self,
        v: &Value,
        prefer_number: bool,
    ) -> JsResult<Result<Value, &'static str>> {
        let Value::Obj(r) = v else {
            return Ok(Ok(v.clone()));
        };
        let r = *r;
        let order: [&str; 2] = if prefer_number {
            ["valueOf", "toString"]
        } else {
            ["toString", "valueOf"]
        };
        for name in order {
            let f = self.get_prop(v, &JsStr::from_str(name))?;
            if let Value::Obj(fr) = f {
                match &self.heap.get(fr).kind {
                    Kind::Native(id) => {
                        let id = *id as usize;
                        let nf = self.natives[id].0;
                        if self.conversion_depth >= MAX_NESTED_CONVERSIONS {
                            return Err(self.range_error("Maximum call stack size exceeded"));
                        }
                        self.conversion_depth += 1;
                        let res = nf(self, v, &[]);
                        self.conversion_depth -= 1;
                        let res = res?;
                        if !matches!(res, Value::Obj(_)) {
                            return Ok(Ok(res));
                        }
                    }
                    Kind::Closure(_) | Kind::Bound(_) => return Ok(Err(name)),
                    _ => {}
                }
            }
        }
        let _ = r;
        Err(self.type_error("Cannot convert object to primitive value"))
    }

    pub fn to_property_key(&mut self, v: &Value) -> JsResult<JsStr> {
        match v {
            Value::Str(s) => Ok(s.clone()),
            _ => self.to_string(v),
        }
    }

    pub fn to_object_proto(&self, v: &Value) -> Option<ObjRef> {
        match v {
            Value::Obj(r) => Some(*r),
            Value::Str(_) => Some(self.realm.string_proto),
            Value::Num(_) => Some(self.realm.number_proto),
            Value::Bool(_) => Some(self.realm.boolean_proto),
            _ => None,
        }
    }

    /// The primitive value of a wrapper object (`new String("a")` and its kin).
    pub fn wrapped(&self, v: &Value) -> Option<Value> {
        match v {
            Value::Obj(r) => match &self.heap.get(*r).kind {
                Kind::Primitive(p) => Some(p.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// A wrapper object for a number, string or boolean.
    pub fn new_wrapper(&mut self, p: Value) -> ObjRef {
        let proto = match p {
            Value::Str(_) => self.realm.string_proto,
            Value::Bool(_) => self.realm.boolean_proto,
            _ => self.realm.number_proto,
        };
        self.alloc(Some(proto), Kind::Primitive(p))
    }

    // ---------- properties ----------

    pub fn get_prop(&mut self, v: &Value, key: &JsStr) -> JsResult<Value> {
        let start = match v {
            Value::Obj(r) => *r,
            Value::Str(s) => {
                if key.eq_str("length") {
                    return Ok(Value::Num(s.len() as f64));
                }
                if let Some(i) = key.as_index() {
                    return Ok(match s.units().get(i as usize) {
                        Some(&u) => self.unit_string(u),
                        None => Value::Undefined,
                    });
                }
                self.realm.string_proto
            }
            Value::Num(_) => self.realm.number_proto,
            Value::Bool(_) => self.realm.boolean_proto,
            Value::Undefined | Value::Null | Value::Empty => {
                let what = if matches!(v, Value::Null) {
                    "null"
                } else {
                    "undefined"
                };
                return Err(self.type_error(&format!(
                    "Cannot read properties of {what} (reading '{}')",
                    key.to_rust()
                )));
            }
        };
        // Own special properties.
        match &self.heap.get(start).kind {
            // A String object's characters and length are its own properties.
            Kind::Primitive(Value::Str(s)) => {
                if key.eq_str("length") {
                    return Ok(Value::Num(s.len() as f64));
                }
                if let Some(i) = key.as_index() {
                    if let Some(&u) = s.units().get(i as usize) {
                        return Ok(self.unit_string(u));
                    }
                }
            }
            Kind::Array(items) => {
                if let Some(i) = key.as_index() {
                    return Ok(items.get(i as usize).cloned().unwrap_or_default());
                }
                if key.eq_str("length") {
                    return Ok(Value::Num(items.len() as f64));
                }
            }
            Kind::ToolPath(path) => {
                if key.eq_str("then") || key.eq_str("toJSON") {
                    return Ok(Value::Undefined);
                }
                if self.heap.get(start).props.find(key).is_none() {
                    let mut p = path.clone();
                    p.push(key.clone());
                    let fp = self.realm.function_proto;
                    return Ok(Value::Obj(self.alloc(Some(fp), Kind::ToolPath(p))));
                }
            }
            Kind::Closure(c) => {
                if self.heap.get(start).props.find(key).is_none() {
                    let func = c.func;
                    if key.eq_str("name") {
                        return Ok(Value::str(&self.code(func).name.clone()));
                    }
                    if key.eq_str("length") {
                        return Ok(Value::Num(self.code(func).length as f64));
                    }
                    if key.eq_str("prototype") {
                        let code = self.code(func);
                        if code.is_arrow || code.is_method || code.is_async {
                            return Ok(Value::Undefined);
                        }
                        let proto = self.new_object();
                        self.heap.get_mut(proto).props.insert(
                            JsStr::from_str("constructor"),
                            Value::Obj(start),
                            HIDDEN,
                        );
                        self.heap.get_mut(start).props.insert(
                            key.clone(),
                            Value::Obj(proto),
                            WRITABLE,
                        );
                        return Ok(Value::Obj(proto));
                    }
                }
            }
            Kind::Native(id) => {
                if self.heap.get(start).props.find(key).is_none() {
                    let (_, name, len) = self.natives[*id as usize];
                    if key.eq_str("name") {
                        return Ok(Value::str(name));
                    }
                    if key.eq_str("length") {
                        return Ok(Value::Num(len as f64));
                    }
                }
            }
            _ => {}
        }
        if key.eq_str("__proto__") && self.heap.get(start).props.find(key).is_none() {
            return Ok(match self.heap.get(start).proto {
                Some(p) => Value::Obj(p),
                None => Value::Null,
            });
        }
        let mut cur = Some(start);
        let mut hops = 0;
        while let Some(r) = cur {
            let o = self.heap.get(r);
            if let Some(v) = o.props.get(key) {
                return Ok(v.clone());
            }
            cur = o.proto;
            hops += 1;
            if hops > 10_000 {
                break;
            }
        }
        Ok(Value::Undefined)
    }

    pub fn get_elem(&mut self, obj: &Value, key: &Value) -> JsResult<Value> {
        if let (Value::Obj(r), Value::Num(n)) = (obj, key) {
            if let Kind::Array(items) = &self.heap.get(*r).kind {
                let i = *n as usize;
                if i as f64 == *n {
                    return Ok(items.get(i).cloned().unwrap_or_default());
                }
            }
        }
        if let (Value::Str(s), Value::Num(n)) = (obj, key) {
            let i = *n as usize;
            if i as f64 == *n {
                return Ok(match s.units().get(i) {
                    Some(&u) => self.unit_string(u),
                    None => Value::Undefined,
                });
            }
        }
        if obj.is_nullish() {
            let k = self.to_property_key(key)?;
            return self.get_prop(obj, &k);
        }
        let k = self.to_property_key(key)?;
        self.get_prop(obj, &k)
    }

    pub fn set_prop(&mut self, obj: &Value, key: JsStr, v: Value) -> JsResult<()> {
        let r = match obj {
            Value::Obj(r) => *r,
            Value::Undefined | Value::Null | Value::Empty => {
                let what = if matches!(obj, Value::Null) {
                    "null"
                } else {
                    "undefined"
                };
                return Err(self.type_error(&format!(
                    "Cannot set properties of {what} (setting '{}')",
                    key.to_rust()
                )));
            }
            _ => return Ok(()), // primitives: ignored (sloppy mode)
        };
        let max = self.limits.max_collection_len;
        if key.eq_str("__proto__") && self.heap.get(r).props.find(&key).is_none() {
            // Prototype changes stay inside this execution's heap; cycles are refused.
            let new = match v {
                Value::Obj(p) => Some(p),
                Value::Null => None,
                _ => return Ok(()),
            };
            let mut cur = new;
            while let Some(c) = cur {
                if c == r {
                    return Err(self.type_error("Cyclic __proto__ value"));
                }
                cur = self.heap.get(c).proto;
            }
            if self.heap.get(r).extensible {
                self.heap.get_mut(r).proto = new;
            }
            return Ok(());
        }
        let o = self.heap.get_mut(r);
        if o.frozen {
            return Ok(());
        }
        if let Kind::Array(items) = &mut o.kind {
            if let Some(i) = key.as_index() {
                let i = i as usize;
                if i < items.len() {
                    items[i] = v;
                    return Ok(());
                }
                if i >= max {
                    return Err(self.range_error("Invalid array length"));
                }
                let grow = i + 1 - items.len();
                items.resize(i, Value::Undefined);
                items.push(v);
                self.heap.charge(grow * 24);
                return Ok(());
            }
            if key.eq_str("length") {
                let n = match v {
                    Value::Num(n) if n >= 0.0 && n.fract() == 0.0 && n <= u32::MAX as f64 => {
                        n as usize
                    }
                    _ => return Err(self.range_error("Invalid array length")),
                };
                if n > max {
                    return Err(self.range_error("Invalid array length"));
                }
                items.resize(n, Value::Undefined);
                return Ok(());
            }
        }
        if !o.extensible && o.props.find(&key).is_none() {
            return Ok(());
        }
        if let Some(i) = o.props.find(&key) {
            if o.props.entries[i].flags & WRITABLE != 0 {
                o.props.entries[i].value = v;
            }
            return Ok(());
        }
        o.props.insert(key, v, DEFAULT_FLAGS);
        self.heap.charge(crate::heap::PROP_COST);
        Ok(())
    }

    pub fn set_elem(&mut self, obj: &Value, key: &Value, v: Value) -> JsResult<()> {
        if let (Value::Obj(r), Value::Num(n)) = (obj, key) {
            let o = self.heap.get_mut(*r);
            if !o.frozen {
                if let Kind::Array(items) = &mut o.kind {
                    let i = *n as usize;
                    if i as f64 == *n && i < items.len() {
                        items[i] = v;
                        return Ok(());
                    }
                    if i as f64 == *n && i == items.len() && i < self.limits.max_collection_len {
                        items.push(v);
                        self.heap.charge(2 * crate::limits::ELEMENT_COST);
                        return Ok(());
                    }
                }
            }
        }
        let k = self.to_property_key(key)?;
        self.set_prop(obj, k, v)
    }

    pub fn define_hidden(&mut self, obj: ObjRef, name: &str, v: Value) {
        self.heap
            .get_mut(obj)
            .props
            .insert(JsStr::from_str(name), v, HIDDEN);
    }

    /// Own enumerable string keys in ECMAScript order (integer keys first).
    pub fn own_keys(&self, r: ObjRef) -> Vec<JsStr> {
        let o = self.heap.get(r);
        let mut out = Vec::new();
        let elements = match &o.kind {
            Kind::Array(items) => items.len(),
            Kind::Primitive(Value::Str(s)) => s.len(),
            _ => 0,
        };
        for i in 0..elements {
            out.push(JsStr::from_str(&i.to_string()));
        }
        let mut ints: Vec<(u32, JsStr)> = Vec::new();
        let mut strs = Vec::new();
        for p in o.props.iter() {
            if p.flags & ENUMERABLE == 0 {
                continue;
            }
            match p.key.as_index() {
                Some(i) => ints.push((i, p.key.clone())),
                None => strs.push(p.key.clone()),
            }
        }
        if !ints.is_empty() {
            ints.sort_by_key(|x| x.0);
            out.extend(ints.into_iter().map(|x| x.1));
        }
        out.extend(strs);
        out
    }

    pub fn has_property(&mut self, obj: &Value, key: &Value) -> JsResult<bool> {
        let Value::Obj(r) = obj else {
            let k = self.to_rust_string(key)?;
            let o = self.to_rust_string(obj)?;
            return Err(self.type_error(&format!(
                "Cannot use 'in' operator to search for '{k}' in {o}"
            )));
        };
        let k = self.to_property_key(key)?;
        let mut cur = Some(*r);
        while let Some(c) = cur {
            let o = self.heap.get(c);
            if let Kind::Array(items) = &o.kind {
                if let Some(i) = k.as_index() {
                    if (i as usize) < items.len() {
                        return Ok(true);
                    }
                }
                if k.eq_str("length") {
                    return Ok(true);
                }
            }
            if o.props.find(&k).is_some() {
                return Ok(true);
            }
            cur = o.proto;
        }
        Ok(false)
    }

    // ---------- operators ----------

    pub fn loose_equals(&mut self, a: &Value, b: &Value) -> JsResult<bool> {
        Ok(match (a, b) {
            (Value::Undefined | Value::Null, Value::Undefined | Value::Null) => true,
            (Value::Undefined | Value::Null, _) | (_, Value::Undefined | Value::Null) => false,
            (Value::Num(_), Value::Str(_)) | (Value::Str(_), Value::Num(_)) => {
                self.to_number(a)? == self.to_number(b)?
            }
            (Value::Bool(_), _) => {
                let n = Value::Num(self.to_number(a)?);
                return self.loose_equals(&n, b);
            }
            (_, Value::Bool(_)) => {
                let n = Value::Num(self.to_number(b)?);
                return self.loose_equals(a, &n);
            }
            (Value::Obj(_), Value::Num(_) | Value::Str(_)) => {
                let p = self.to_primitive(a, true)?;
                return self.loose_equals(&p, b);
            }
            (Value::Num(_) | Value::Str(_), Value::Obj(_)) => {
                let p = self.to_primitive(b, true)?;
                return self.loose_equals(a, &p);
            }
            _ => strict_equals(a, b),
        })
    }

    pub fn add(&mut self, a: Value, b: Value) -> JsResult<Value> {
        if let (Value::Num(x), Value::Num(y)) = (&a, &b) {
            return Ok(Value::Num(x + y));
        }
        let a = self.to_primitive(&a, true)?;
        let b = self.to_primitive(&b, true)?;
        if matches!(a, Value::Str(_)) || matches!(b, Value::Str(_)) {
            let x = self.to_string(&a)?;
            let y = self.to_string(&b)?;
            if x.is_empty() {
                return Ok(Value::Str(y));
            }
            if y.is_empty() {
                return Ok(Value::Str(x));
            }
            self.reserve_string(x.len() + y.len())?;
            let mut u = Vec::with_capacity(x.len() + y.len());
            u.extend_from_slice(x.units());
            u.extend_from_slice(y.units());
            return self.new_string(u);
        }
        Ok(Value::Num(self.to_number(&a)? + self.to_number(&b)?))
    }

    /// Abstract relational comparison: Some(true) if a < b, None if undefined (NaN).
    /// `a + b`, `a - b`, `a * b`, `a / b` or `a % b` with ECMAScript's conversions.
    fn arith_slow(&mut self, f: Arith, a: Value, b: Value) -> JsResult<Value> {
        if let Arith::Add = f {
            return self.add(a, b);
        }
        let x = match a {
            Value::Num(n) => n,
            _ => self.to_number(&a)?,
        };
        let y = match b {
            Value::Num(n) => n,
            _ => self.to_number(&b)?,
        };
        Ok(Value::Num(f.apply(x, y)))
    }

    /// `a < b`, `a <= b`, `a > b` or `a >= b` with ECMAScript's conversions.
    fn relational(&mut self, c: Cmp, a: &Value, b: &Value) -> JsResult<bool> {
        if let (Value::Num(x), Value::Num(y)) = (a, b) {
            return Ok(c.holds(*x, *y));
        }
        Ok(match c {
            Cmp::Lt => self.less_than(a, b)?.unwrap_or(false),
            Cmp::Gt => self.less_than(b, a)?.unwrap_or(false),
            Cmp::Le => matches!(self.less_than(b, a)?, Some(false)),
            Cmp::Ge => matches!(self.less_than(a, b)?, Some(false)),
        })
    }

    fn less_than(&mut self, a: &Value, b: &Value) -> JsResult<Option<bool>> {
        let pa = self.to_primitive(a, true)?;
        let pb = self.to_primitive(b, true)?;
        if let (Value::Str(x), Value::Str(y)) = (&pa, &pb) {
            return Ok(Some(x.units() < y.units()));
        }
        let x = self.to_number(&pa)?;
        let y = self.to_number(&pb)?;
        if x.is_nan() || y.is_nan() {
            return Ok(None);
        }
        Ok(Some(x < y))
    }

    fn instance_of(&mut self, v: &Value, c: &Value) -> JsResult<bool> {
        if !self.is_callable(c) {
            return Err(self.type_error("Right-hand side of 'instanceof' is not callable"));
        }
        if let Value::Obj(cr) = c {
            if let Kind::Bound(b) = &self.heap.get(*cr).kind {
                let t = b.0.clone();
                return self.instance_of(v, &t);
            }
        }
        let Value::Obj(mut r) = v.clone() else {
            return Ok(false);
        };
        let proto = self.get_prop(c, &JsStr::from_str("prototype"))?;
        let Value::Obj(p) = proto else {
            return Ok(false);
        };
        loop {
            match self.heap.get(r).proto {
                Some(x) if x == p => return Ok(true),
                Some(x) => r = x,
                None => return Ok(false),
            }
        }
    }

    // ---------- promises ----------

    pub fn new_promise(&mut self) -> ObjRef {
        let p = self.realm.promise_proto;
        self.alloc(
            Some(p),
            Kind::Promise(Box::new(PromiseData {
                state: PromiseState::Pending,
                reactions: Vec::new(),
                handled: false,
            })),
        )
    }

    pub fn is_promise(&self, v: &Value) -> Option<ObjRef> {
        match v {
            Value::Obj(r) if matches!(self.heap.get(*r).kind, Kind::Promise(_)) => Some(*r),
            _ => None,
        }
    }

    /// The promise resolve function's logic.
    pub fn resolve_promise(&mut self, p: ObjRef, v: Value) -> JsResult<()> {
        if let Value::Obj(r) = &v {
            if *r == p {
                let e = self.type_error("Chaining cycle detected for promise #<Promise>");
                let Throw::Value(e) = e else { return Ok(()) };
                self.settle(p, e, true);
                return Ok(());
            }
            let then = match self.get_prop(&v, &JsStr::from_str("then")) {
                Ok(t) => t,
                Err(Throw::Value(e)) => {
                    self.settle(p, e, true);
                    return Ok(());
                }
                Err(f) => return Err(f),
            };
            if self.is_callable(&then) {
                self.jobs.push_back(Job::Thenable {
                    promise: p,
                    thenable: v,
                    then,
                });
                return Ok(());
            }
        }
        self.settle(p, v, false);
        Ok(())
    }

    pub fn settle(&mut self, p: ObjRef, v: Value, rejected: bool) {
        let reactions = match &mut self.heap.get_mut(p).kind {
            Kind::Promise(pd) => {
                if !matches!(pd.state, PromiseState::Pending) {
                    return;
                }
                pd.state = if rejected {
                    PromiseState::Rejected(v.clone())
                } else {
                    PromiseState::Fulfilled(v.clone())
                };
                if rejected && !pd.handled {
                    self.unhandled.push(p);
                }
                std::mem::take(&mut pd.reactions)
            }
            _ => return,
        };
        for re in reactions {
            self.jobs.push_back(Job::Reaction {
                handler: if rejected {
                    re.on_rejected
                } else {
                    re.on_fulfilled
                },
                arg: v.clone(),
                target: re.target,
                rejected,
            });
        }
    }

    pub fn perform_then(&mut self, p: ObjRef, on_f: Value, on_r: Value, target: ReactionTarget) {
        let Kind::Promise(pd) = &mut self.heap.get_mut(p).kind else {
            return;
        };
        let was_handled = pd.handled;
        pd.handled = true;
        match pd.state.clone() {
            PromiseState::Pending => pd.reactions.push(Reaction {
                on_fulfilled: on_f,
                on_rejected: on_r,
                target,
            }),
            PromiseState::Fulfilled(v) => self.jobs.push_back(Job::Reaction {
                handler: on_f,
                arg: v,
                target,
                rejected: false,
            }),
            PromiseState::Rejected(v) => {
                if !was_handled {
                    self.unhandled.retain(|x| *x != p);
                }
                self.jobs.push_back(Job::Reaction {
                    handler: on_r,
                    arg: v,
                    target,
                    rejected: true,
                })
            }
        }
    }

    /// PromiseResolve(%Promise%, v).
    pub fn promise_resolve(&mut self, v: Value) -> JsResult<ObjRef> {
        if let Some(p) = self.is_promise(&v) {
            return Ok(p);
        }
        let p = self.new_promise();
        self.resolve_promise(p, v)?;
        Ok(p)
    }

    pub fn make_resolvers(&mut self, p: ObjRef) -> (Value, Value) {
        let fp = self.realm.function_proto;
        let already = self.alloc(None, Kind::Cell(Value::Bool(false)));
        let res = self.alloc(
            Some(fp),
            Kind::Resolver {
                promise: p,
                reject: false,
                already,
            },
        );
        let rej = self.alloc(
            Some(fp),
            Kind::Resolver {
                promise: p,
                reject: true,
                already,
            },
        );
        (Value::Obj(res), Value::Obj(rej))
    }

    fn call_resolver(&mut self, r: ObjRef, arg: Value) -> JsResult<()> {
        let Kind::Resolver {
            promise,
            reject,
            already,
        } = self.heap.get(r).kind.clone()
        else {
            return Ok(());
        };
        if let Kind::Cell(Value::Bool(true)) = self.heap.get(already).kind {
            return Ok(());
        }
        self.heap.get_mut(already).kind = Kind::Cell(Value::Bool(true));
        if reject {
            self.settle(promise, arg, true);
            Ok(())
        } else {
            self.resolve_promise(promise, arg)
        }
    }

    fn settle_target(&mut self, target: Option<ObjRef>, v: Value, rejected: bool) -> JsResult<()> {
        if let Some(t) = target {
            if rejected {
                self.settle(t, v, true);
            } else {
                self.resolve_promise(t, v)?;
            }
        }
        Ok(())
    }

    /// Runs one job (the frame stack is empty). Returns false if there was none.
    pub fn run_job(&mut self) -> JsResult<bool> {
        let Some(job) = self.jobs.pop_front() else {
            return Ok(false);
        };
        match job {
            Job::Reaction {
                handler,
                arg,
                target,
                rejected,
            } => match target {
                ReactionTarget::Await(co) => self.resume(co, arg, rejected)?,
                ReactionTarget::Promise(_) | ReactionTarget::None => {
                    let t = match target {
                        ReactionTarget::Promise(p) => Some(p),
                        _ => None,
                    };
                    if self.is_callable(&handler) {
                        self.stack.push(handler);
                        self.stack.push(Value::Undefined);
                        self.stack.push(arg);
                        self.call_value(1, u32::MAX, FrameKind::Job(t))?;
                    } else {
                        self.settle_target(t, arg, rejected)?;
                    }
                }
            },
            Job::Thenable {
                promise,
                thenable,
                then,
            } => {
                let (res, rej) = self.make_resolvers(promise);
                if let (Some(tp), Value::Obj(tf)) = (self.is_promise(&thenable), &then) {
                    if matches!(self.heap.get(*tf).kind, Kind::Native(id) if self.natives[id as usize].1 == "then")
                    {
                        self.perform_then(tp, res, rej, ReactionTarget::None);
                        return Ok(true);
                    }
                }
                let Value::Obj(rej_ref) = rej else {
                    return Ok(true);
                };
                self.stack.push(then);
                self.stack.push(thenable);
                self.stack.push(res);
                self.stack.push(rej);
                self.call_value(2, u32::MAX, FrameKind::Thenable(rej_ref))?;
            }
        }
        Ok(true)
    }

    fn resume(&mut self, co: ObjRef, v: Value, rejected: bool) -> JsResult<()> {
        let Kind::Coroutine(c) = std::mem::replace(&mut self.heap.get_mut(co).kind, Kind::Free)
        else {
            return Ok(());
        };
        self.heap.get_mut(co).kind = Kind::Ordinary;
        let c = *c;
        let old_base = c.frame.base;
        let new_start = self.stack.len() as u32;
        // The saved stack starts at base - 2 (callee, this).
        let new_base = new_start + 2;
        self.stack.extend(c.stack);
        let mut frame = c.frame;
        frame.base = new_base;
        frame.resumed = true;
        let depth = self.frames.len() as u32;
        self.frames.push(frame);
        for mut h in c.handlers {
            h.frame = depth;
            self.handlers.push(h);
        }
        let _ = old_base;
        if rejected {
            self.throw_value(v)?;
        } else {
            self.stack.push(v);
        }
        Ok(())
    }

    // ---------- calls ----------

    /// Calls the callable at stack[len - argc - 2] with this at len - argc - 1. Closures get a
    /// frame (run by the loop); everything else runs now and leaves its result on the stack.
    pub fn call_value(&mut self, argc: usize, text: u32, kind: FrameKind) -> JsResult<()> {
        let mut argc = argc;
        loop {
            let callee_pos = self.stack.len() - argc - 2;
            // Matched in place: a whole-value copy of a just-pushed callee stalls.
            let r = match self.stack[callee_pos] {
                Value::Obj(r) => r,
                ref v => {
                    let callee = v.clone();
                    return Err(self.not_a_function(text, &callee));
                }
            };
            match &self.heap.get(r).kind {
                Kind::Closure(c) => {
                    let func = c.func;
                    let arrow_this = if self.code(func).is_arrow {
                        Some(c.this.clone())
                    } else {
                        None
                    };
                    return self.enter_closure(r, func, argc, arrow_this, kind);
                }
                Kind::Bound(b) => {
                    let (target, this, bargs) = (b.0.clone(), b.1.clone(), b.2.clone());
                    self.stack[callee_pos] = target;
                    self.stack[callee_pos + 1] = this;
                    let at = callee_pos + 2;
                    let n = bargs.len();
                    self.stack.splice(at..at, bargs);
                    argc += n;
                    continue;
                }
                _ => {}
            }
            // Native-like callees: collect args.
            let mut args = std::mem::take(&mut self.argbuf);
            args.clear();
            args.extend(self.stack.drain(callee_pos + 2..));
            let this = pop!(self);
            self.stack.pop();
            let result = self.call_native_like(r, &this, &args, text);
            args.clear();
            self.argbuf = args;
            let result = match result {
                Ok(v) => v,
                Err(e) => {
                    return match (kind, e) {
                        (FrameKind::Job(t), Throw::Value(v)) => self.settle_target(t, v, true),
                        (FrameKind::Thenable(rej), Throw::Value(v)) => self.call_resolver(rej, v),
                        (_, e) => Err(e),
                    }
                }
            };
            if let Some((c, t, a)) = self.tail_call.take() {
                self.stack.push(c);
                self.stack.push(t);
                argc = a.len();
                self.stack.extend(a);
                continue;
            }
            if self.blocked.is_some() {
                return Ok(());
            }
            match kind {
                FrameKind::Job(t) => self.settle_target(t, result, false)?,
                FrameKind::Thenable(_) => {}
                _ => self.stack.push(result),
            }
            return Ok(());
        }
    }

    fn not_a_function(&mut self, text: u32, callee: &Value) -> Throw {
        let name = self.callee_text(text);
        let _ = callee;
        self.type_error(&format!("{name} is not a function"))
    }

    fn callee_text(&self, text: u32) -> String {
        if text == u32::MAX {
            return "expression".into();
        }
        let f = self.frames.last().map(|f| f.func).unwrap_or(0);
        match self.code(f).consts.get(text as usize) {
            Some(Value::Str(s)) => s.to_rust(),
            _ => "expression".into(),
        }
    }

    fn enter_closure(
        &mut self,
        r: ObjRef,
        func: u32,
        argc: usize,
        arrow_this: Option<Value>,
        kind: FrameKind,
    ) -> JsResult<()> {
        if self.frames.len() >= self.limits.max_frames {
            return Err(self.range_error("Maximum call stack size exceeded"));
        }
        let (nparams, nlocals, has_rest, is_async, nops, arguments) = {
            let c = self.code(func);
            (
                c.nparams as usize,
                c.nlocals as usize,
                c.has_rest,
                c.is_async,
                c.ops.len(),
                c.arguments,
            )
        };
        self.fuel -= nops as i64 + 1;
        let base = self.stack.len() - argc;
        let arguments = arguments.map(|(slot, boxed)| (slot, boxed, self.new_arguments(base)));
        if let Some(t) = arrow_this {
            self.stack[base - 1] = t;
        }
        if argc > nparams {
            if has_rest {
                let extra: Vec<Value> = self.stack.drain(base + nparams..).collect();
                let a = self.new_array(extra);
                self.stack.push(Value::Obj(a));
            } else {
                self.stack.truncate(base + nparams);
            }
        } else {
            for _ in argc..nparams {
                self.stack.push(Value::Undefined);
            }
            if has_rest {
                let a = self.new_array(Vec::new());
                self.stack.push(Value::Obj(a));
            }
        }
        let filled = self.stack.len() - base;
        for _ in filled..nlocals {
            self.stack.push(Value::Undefined);
        }
        if let Some((slot, boxed, obj)) = arguments {
            let v = if boxed {
                Value::Obj(self.alloc(None, Kind::Cell(Value::Obj(obj))))
            } else {
                Value::Obj(obj)
            };
            if let Some(s) = self.stack.get_mut(base + slot as usize) {
                *s = v;
            }
        }
        let kind = match kind {
            FrameKind::Normal if is_async => FrameKind::Async(self.new_promise()),
            FrameKind::Job(t) if is_async => {
                // An async handler: run it as an async function whose promise settles t.
                let p = self.new_promise();
                if let Some(t) = t {
                    self.perform_then(
                        p,
                        Value::Undefined,
                        Value::Undefined,
                        ReactionTarget::Promise(t),
                    );
                }
                FrameKind::Async(p)
            }
            k => k,
        };
        let resumed = self.frames.is_empty();
        self.frames.push(Frame {
            func,
            pc: 0,
            base: base as u32,
            closure: Some(r),
            kind,
            resumed,
        });
        Ok(())
    }

    fn call_native_like(
        &mut self,
        r: ObjRef,
        this: &Value,
        args: &[Value],
        text: u32,
    ) -> JsResult<Value> {
        // Natives (the common case) without cloning the object's kind.
        if let Kind::Native(id) = self.heap.get(r).kind {
            let f = self.natives[id as usize].0;
            return f(self, this, args);
        }
        match self.heap.get(r).kind.clone() {
            Kind::Resolver { .. } => {
                self.call_resolver(r, args.first().cloned().unwrap_or_default())?;
                Ok(Value::Undefined)
            }
            Kind::ToolPath(path) => {
                let segs: Vec<String> = path.iter().map(|s| s.to_rust()).collect();
                let input = self.export_arg(args.first().cloned().unwrap_or_default())?;
                let p = self.new_promise();
                self.issue_call(HostTarget::Tool(segs), input, CallMode::Async, Some(p));
                Ok(Value::Obj(p))
            }
            Kind::Extension { name, is_async } => {
                let arr = self.new_array(args.to_vec());
                let input = self.export_arg(Value::Obj(arr))?;
                let target = HostTarget::Extension(name.to_rust());
                if is_async {
                    let p = self.new_promise();
                    self.issue_call(target, input, CallMode::Async, Some(p));
                    Ok(Value::Obj(p))
                } else {
                    self.issue_call(target, input, CallMode::Blocking, None);
                    Ok(Value::Undefined)
                }
            }
            Kind::Search => {
                let input = self.export_arg(args.first().cloned().unwrap_or_default())?;
                self.issue_call(HostTarget::Search, input, CallMode::Blocking, None);
                Ok(Value::Undefined)
            }
            _ => {
                let callee = Value::Obj(r);
                Err(self.not_a_function(text, &callee))
            }
        }
    }

    fn export_arg(&mut self, v: Value) -> JsResult<serde_json::Value> {
        match crate::interop::export_value(self, &v) {
            Ok(j) => Ok(j),
            Err(codemode_data::ExportError::DeadlinePassed) => {
                Err(crate::interop::deadline_passed(self))
            }
            Err(e) => Err(self.type_error(&format!("tool input is not data: {e}"))),
        }
    }

    fn issue_call(
        &mut self,
        target: HostTarget,
        input: serde_json::Value,
        mode: CallMode,
        promise: Option<ObjRef>,
    ) {
        let id = self.next_call;
        self.next_call += 1;
        let location = self.current_location();
        self.calls.push(HostCall {
            id: CallId(id),
            target,
            input,
            mode,
            location,
        });
        self.pending.insert(id, promise);
        if mode == CallMode::Blocking {
            self.blocked = Some(id);
        }
    }

    /// Construct: stack [callee, args...].
    fn construct(&mut self, argc: usize, text: u32) -> JsResult<()> {
        let callee_pos = self.stack.len() - argc - 1;
        let callee = self.stack[callee_pos].clone();
        let Value::Obj(r) = callee else {
            let name = self.callee_text(text);
            return Err(self.type_error(&format!("{name} is not a constructor")));
        };
        match self.heap.get(r).kind.clone() {
            Kind::Closure(c) => {
                let code = self.code(c.func);
                if code.is_arrow || code.is_method || code.is_async {
                    let name = self.callee_text(text);
                    return Err(self.type_error(&format!("{name} is not a constructor")));
                }
                let proto = match self.get_prop(&callee, &JsStr::from_str("prototype"))? {
                    Value::Obj(p) => p,
                    _ => self.realm.object_proto,
                };
                let this = self.alloc(Some(proto), Kind::Ordinary);
                self.stack.insert(callee_pos + 1, Value::Obj(this));
                self.enter_closure(r, c.func, argc, None, FrameKind::Construct)
            }
            Kind::Native(_) => {
                self.stack.insert(callee_pos + 1, Value::Undefined);
                self.is_new = true;
                let r = self.call_value(argc, text, FrameKind::Normal);
                self.is_new = false;
                r
            }
            _ => {
                let name = self.callee_text(text);
                Err(self.type_error(&format!("{name} is not a constructor")))
            }
        }
    }

    // ---------- exceptions ----------

    /// Unwinds to the nearest handler. Frames of async functions reject their promise;
    /// job frames settle their target. Err only for an uncaught throw with no frames left.
    pub fn throw_value(&mut self, v: Value) -> JsResult<()> {
        if self.last_throw.is_none() {
            self.last_throw = self.current_location();
        }
        loop {
            let depth = self.frames.len() as u32;
            if depth == 0 {
                return Err(Throw::Value(v));
            }
            if let Some(h) = self.handlers.last() {
                if h.frame + 1 == depth {
                    let h = self.handlers.pop().unwrap_or(Handler {
                        frame: 0,
                        pc: 0,
                        height: 0,
                    });
                    let f = self.frames.last_mut().unwrap_or_else(|| unreachable!());
                    let height = f.base as usize + h.height as usize;
                    f.pc = h.pc;
                    self.stack.truncate(height);
                    self.stack.push(v);
                    self.last_throw = None;
                    return Ok(());
                }
            }
            let f = self.frames.pop().unwrap_or_else(|| unreachable!());
            self.handlers.retain(|h| h.frame < depth - 1);
            self.stack.truncate(f.base as usize - 2);
            match f.kind {
                FrameKind::Normal | FrameKind::Construct => continue,
                FrameKind::Async(p) => {
                    self.settle(p, v, true);
                    if !f.resumed && !self.frames.is_empty() {
                        self.stack.push(Value::Obj(p));
                    }
                    return Ok(());
                }
                FrameKind::Job(t) => {
                    self.last_throw = None;
                    return self.settle_target(t, v, true);
                }
                FrameKind::Thenable(rej) => {
                    self.last_throw = None;
                    return self.call_resolver(rej, v);
                }
            }
        }
    }

    fn do_return(&mut self, v: Value) -> JsResult<()> {
        let f = match self.frames.pop() {
            Some(f) => f,
            None => return Ok(()),
        };
        let depth = self.frames.len() as u32;
        if self.handlers.last().is_some_and(|h| h.frame >= depth) {
            self.handlers.retain(|h| h.frame < depth);
        }
        let this = match f.kind {
            FrameKind::Construct => self
                .stack
                .get(f.base as usize - 1)
                .cloned()
                .unwrap_or_default(),
            _ => Value::Undefined,
        };
        self.stack.truncate(f.base as usize - 2);
        match f.kind {
            FrameKind::Normal => self.stack.push(v),
            FrameKind::Construct => {
                if matches!(v, Value::Obj(_)) {
                    self.stack.push(v)
                } else {
                    self.stack.push(this)
                }
            }
            FrameKind::Async(p) => {
                self.resolve_promise(p, v)?;
                if !f.resumed {
                    self.stack.push(Value::Obj(p));
                }
            }
            FrameKind::Job(t) => self.settle_target(t, v, false)?,
            FrameKind::Thenable(_) => {}
        }
        Ok(())
    }

    fn do_await(&mut self, v: Value) -> JsResult<()> {
        let Some(f) = self.frames.pop() else {
            return Ok(());
        };
        let depth = self.frames.len() as u32;
        let p = match f.kind {
            FrameKind::Async(p) => p,
            _ => {
                self.frames.push(f);
                return Err(self.syntax_error("await is only valid in async functions"));
            }
        };
        let start = f.base as usize - 2;
        let saved: Vec<Value> = self.stack.drain(start..).collect();
        let mut hs = Vec::new();
        while let Some(h) = self.handlers.last() {
            if h.frame == depth {
                hs.push(self.handlers.pop().unwrap_or_else(|| unreachable!()));
            } else {
                break;
            }
        }
        hs.reverse();
        let resumed = f.resumed;
        self.heap.charge(saved.len() * 24);
        let co = self.alloc(
            None,
            Kind::Coroutine(Box::new(Coroutine {
                frame: f,
                stack: saved,
                handlers: hs,
            })),
        );
        let awaited = self.promise_resolve(v)?;
        self.perform_then(
            awaited,
            Value::Undefined,
            Value::Undefined,
            ReactionTarget::Await(co),
        );
        if !resumed {
            self.stack.push(Value::Obj(p));
        }
        Ok(())
    }

    // ---------- GC ----------

    pub fn maybe_gc(&mut self) -> JsResult<()> {
        if !self.heap.wants_gc() {
            return Ok(());
        }
        self.gc();
        let mut stack_bytes = 0;
        for v in &self.stack {
            if let Value::Str(s) = v {
                stack_bytes += s.byte_size();
            }
        }
        self.heap.bytes += stack_bytes + self.stack.len() * 24;
        if self.heap.bytes > self.limits.max_memory_bytes {
            return Err(self.fatal_memory());
        }
        self.heap.next_gc = self.heap.next_gc.min(self.limits.max_memory_bytes + 1);
        Ok(())
    }

    pub fn gc(&mut self) {
        let mut roots: Vec<ObjRef> = self.realm.roots();
        roots.extend(self.extra_roots.iter().copied());
        for v in &self.stack {
            if let Value::Obj(r) = v {
                roots.push(*r);
            }
        }
        for f in &self.frames {
            f.trace(&mut roots);
        }
        for j in &self.jobs {
            let vals: Vec<&Value> = match j {
                Job::Reaction {
                    handler,
                    arg,
                    target,
                    ..
                } => {
                    match target {
                        ReactionTarget::Promise(t) | ReactionTarget::Await(t) => roots.push(*t),
                        ReactionTarget::None => {}
                    }
                    vec![handler, arg]
                }
                Job::Thenable {
                    promise,
                    thenable,
                    then,
                } => {
                    roots.push(*promise);
                    vec![thenable, then]
                }
            };
            for v in vals {
                if let Value::Obj(r) = v {
                    roots.push(*r);
                }
            }
        }
        roots.extend(self.pending.values().flatten().copied());
        roots.extend(self.unhandled.iter().copied());
        if let Some((c, t, a)) = &self.tail_call {
            for v in std::iter::once(c).chain(std::iter::once(t)).chain(a.iter()) {
                if let Value::Obj(r) = v {
                    roots.push(*r);
                }
            }
        }
        for v in &self.argbuf {
            if let Value::Obj(r) = v {
                roots.push(*r);
            }
        }
        self.heap.collect(&roots, std::iter::empty());
    }

    // ---------- the interpreter loop ----------

    /// Runs frames until none are left, fuel runs out, or a blocking call suspends.
    pub fn run(&mut self) -> RunState {
        loop {
            match self.run_inner() {
                Ok(state) => return state,
                Err(Throw::Fatal(d)) => return RunState::Fatal(d),
                Err(Throw::Value(v)) => {
                    let caught = self.throw_value(v).and_then(|()| {
                        if self.heap.wants_gc() {
                            self.maybe_gc()?;
                        }
                        Ok(())
                    });
                    if let Err(e) = caught {
                        match e {
                            Throw::Fatal(d) => return RunState::Fatal(d),
                            Throw::Value(v) => {
                                // No frame left to catch: cannot happen for programs (the
                                // main frame is async), but report it rather than lose it.
                                let msg = crate::format::error_text(self, &v);
                                return RunState::Fatal(
                                    Diagnostic::new(DiagnosticKind::ExecutionFailure, msg)
                                        .with_location(self.last_throw),
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    fn run_inner(&mut self) -> JsResult<RunState> {
        // Held once per slice, so switching frames costs no reference counting.
        let program: Arc<Module> = match &self.program {
            Some(p) => p.clone(),
            None => self.prelude.clone(),
        };
        let prelude: Arc<Module> = self.prelude.clone();
        // Every frame switch first tries the fast loop (fast.rs); when it stops at an op it
        // cannot run, the general loop runs from there until its next frame switch.
        // A visit that stops before any call or loop iteration (code that mixes in ops only
        // the general loop runs, such as a callback reading a property and calling a native)
        // costs more than it saves, in instructions and in switching between the two loops'
        // code: after one, the next frame switches skip the fast loop.
        let mut fast_backoff = 0u32;
        'frames: loop {
            if fast_backoff > 0 {
                fast_backoff -= 1;
            } else if self.fuel > 0 && self.run_fast(&program, &prelude) < FAST_VISIT_MIN_PROGRESS {
                fast_backoff = FAST_BACKOFF_SWITCHES;
            }
            let Some(frame) = self.frames.last() else {
                return Ok(RunState::Idle);
            };
            let func = frame.func;
            let base = frame.base as usize;
            let mut pc = frame.pc as usize;
            let closure = frame.closure;
            let Some(code) = code_of(&program, &prelude, func) else {
                return Ok(RunState::Idle);
            };
            let ops = &code.ops[..];
            macro_rules! save_pc {
                () => {
                    if let Some(f) = self.frames.last_mut() {
                        f.pc = pc as u32;
                    }
                };
            }
            macro_rules! throw {
                ($e:expr) => {{
                    save_pc!();
                    let e: Throw = $e;
                    match e {
                        Throw::Value(v) => {
                            self.throw_value(v)?;
                            // A safe point: a program that only ever throws (never returns
                            // or loops) must still collect what it threw.
                            if self.heap.wants_gc() {
                                self.maybe_gc()?;
                            }
                            continue 'frames;
                        }
                        f => return Err(f),
                    }
                }};
            }
            macro_rules! tri {
                ($e:expr) => {
                    match $e {
                        Ok(v) => v,
                        Err(e) => throw!(e),
                    }
                };
            }
            macro_rules! cell_of {
                ($slot:expr) => {
                    match &self.stack[base + $slot as usize] {
                        Value::Obj(r) => *r,
                        _ => ObjRef(u32::MAX),
                    }
                };
            }
            macro_rules! upval {
                ($i:expr) => {
                    match closure.map(|c| &self.heap.get(c).kind) {
                        Some(Kind::Closure(c)) => c
                            .cells
                            .get($i as usize)
                            .copied()
                            .unwrap_or(ObjRef(u32::MAX)),
                        _ => ObjRef(u32::MAX),
                    }
                };
            }
            // An operand whose conversion needs a program-defined valueOf/toString: the
            // whole operation runs in the prelude's converter as an ordinary call, whose
            // result lands where the operands were (see `call_converter`).
            macro_rules! program_convert {
                ($code:expr, $a:expr, $b:expr, $number_first:expr) => {
                    if self.program_converts(&$a, $number_first)
                        || self.program_converts(&$b, $number_first)
                    {
                        save_pc!();
                        tri!(self.call_converter($code, $a, $b));
                        continue 'frames;
                    }
                };
            }
            macro_rules! num2 {
                ($op:expr, $f:expr) => {{
                    // Fast path: both numbers, result written in place.
                    let n = self.stack.len();
                    if n >= 2 {
                        if let (Value::Num(x), Value::Num(y)) =
                            (&self.stack[n - 2], &self.stack[n - 1])
                        {
                            let r = $f(*x, *y);
                            self.stack.truncate(n - 1);
                            self.stack[n - 2] = Value::Num(r);
                            continue;
                        }
                    }
                    let b = pop!(self);
                    let a = pop!(self);
                    let r = match (&a, &b) {
                        (Value::Num(x), Value::Num(y)) => $f(*x, *y),
                        _ => {
                            program_convert!(convert_code($op), a, b, true);
                            let x = tri!(self.to_number(&a));
                            let y = tri!(self.to_number(&b));
                            $f(x, y)
                        }
                    };
                    self.stack.push(Value::Num(r));
                }};
            }
            macro_rules! int2 {
                ($op:expr, $f:expr) => {{
                    let b = pop!(self);
                    let a = pop!(self);
                    program_convert!(convert_code($op), a, b, true);
                    let x = match a {
                        Value::Num(n) => n,
                        _ => tri!(self.to_number(&a)),
                    };
                    let y = match b {
                        Value::Num(n) => n,
                        _ => tri!(self.to_number(&b)),
                    };
                    self.stack.push(Value::Num($f(x, y)));
                }};
            }
            // The common return: a number or object (moved field by field, see
            // `push_local`) from a plain call with no try handler left open in its frame.
            macro_rules! return_plain {
                ($v:expr) => {{
                    let dst = base.wrapping_sub(2);
                    if returns_plainly(&self.frames, &self.handlers) && dst < self.stack.len() {
                        let v = $v;
                        self.stack.truncate(dst);
                        self.stack.push(v);
                        self.frames.pop();
                        if self.heap.wants_gc() {
                            self.maybe_gc()?;
                        }
                        continue 'frames;
                    }
                }};
            }
            // Fuel is charged per basic block rather than per op: a backward jump charges
            // the ops of the loop it closes, entering a function charges its length (an
            // upper bound of its straight-line work), built-ins charge their work.
            if self.fuel <= 0 {
                return Ok(RunState::OutOfFuel);
            }
            macro_rules! back_edge {
                ($t:expr) => {{
                    let t = $t as usize;
                    if t < pc {
                        self.fuel -= (pc - t) as i64;
                        if self.fuel <= 0 {
                            pc = t;
                            save_pc!();
                            return Ok(RunState::OutOfFuel);
                        }
                    }
                    pc = t;
                }};
            }
            // A fused loop's back edge to `t` (a GC at a safe point, the fuel of the loop),
            // then its numeric loop test evaluated in place.
            macro_rules! loop_back_edge {
                ($t:expr) => {{
                    let t = $t;
                    if (t as usize) < pc && self.heap.wants_gc() {
                        save_pc!();
                        self.maybe_gc()?;
                    }
                    back_edge!(t);
                    if let Some(&Op::LocalCmpNumJump(a, c, k, exit)) = ops.get(pc) {
                        if let Some(Value::Num(x)) = self.stack.get(base + a as usize) {
                            pc = if c.holds(*x, k) {
                                pc + 4
                            } else {
                                exit as usize
                            };
                        }
                    }
                }};
            }
            // A fused arithmetic op off its number case: the operator alone on the two
            // operands on top, as the op it replaced; the ops after it run as usual.
            macro_rules! arith_slow_push {
                ($f:expr) => {{
                    let f = $f;
                    let b = pop!(self);
                    let a = pop!(self);
                    program_convert!(arith_code(f), a, b, true);
                    save_pc!();
                    let v = tri!(self.arith_slow(f, a, b));
                    self.stack.push(v);
                }};
            }
            loop {
                let Some(&op) = ops.get(pc) else {
                    // Falling off the end returns undefined.
                    save_pc!();
                    self.do_return(Value::Undefined)?;
                    continue 'frames;
                };
                pc += 1;
                match op {
                    Op::Const(k) => self.stack.push(code.consts[k as usize].clone()),
                    Op::Num(n) => self.stack.push(Value::Num(n)),
                    Op::Undef => self.stack.push(Value::Undefined),
                    Op::Null => self.stack.push(Value::Null),
                    Op::True => self.stack.push(Value::Bool(true)),
                    Op::False => self.stack.push(Value::Bool(false)),
                    Op::Empty => self.stack.push(Value::Empty),
                    Op::Pop => {
                        self.stack.pop();
                    }
                    Op::Dup => {
                        let v = self.stack.last().cloned().unwrap_or_default();
                        self.stack.push(v);
                    }
                    Op::Dup2 => {
                        let n = self.stack.len();
                        let a = self.stack[n - 2].clone();
                        let b = self.stack[n - 1].clone();
                        self.stack.push(a);
                        self.stack.push(b);
                    }
                    Op::Swap => {
                        let n = self.stack.len();
                        self.stack.swap(n - 1, n - 2);
                    }
                    Op::RotRight3 => {
                        let v = pop!(self);
                        let n = self.stack.len();
                        self.stack.insert(n - 2, v);
                    }
                    Op::RotRight4 => {
                        let v = pop!(self);
                        let n = self.stack.len();
                        self.stack.insert(n - 3, v);
                    }
                    Op::GetLocal(s) => {
                        push_local(&mut self.stack, base + s as usize);
                    }
                    Op::GetLocalChecked(s, name) => {
                        let v = self.stack[base + s as usize].clone();
                        if let Value::Empty = v {
                            let n = const_name(code, name);
                            throw!(self.reference_error(&format!(
                                "Cannot access '{n}' before initialization"
                            )));
                        }
                        self.stack.push(v);
                    }
                    Op::CheckLocal(s, name) => {
                        if let Value::Empty = self.stack[base + s as usize] {
                            let n = const_name(code, name);
                            throw!(self.reference_error(&format!(
                                "Cannot access '{n}' before initialization"
                            )));
                        }
                    }
                    Op::CheckCell(s, name) => {
                        let c = cell_of!(s);
                        if let Kind::Cell(Value::Empty) = self.heap.get(c).kind {
                            let n = const_name(code, name);
                            throw!(self.reference_error(&format!(
                                "Cannot access '{n}' before initialization"
                            )));
                        }
                    }
                    Op::SetLocal(s) | Op::InitLocal(s) => {
                        // Numbers are moved field by field: a whole-value move right after
                        // the arithmetic that wrote the tag and the number separately
                        // stalls on store forwarding.
                        let top = self.stack.len().wrapping_sub(1);
                        if let Some(&Value::Num(n)) = self.stack.get(top) {
                            self.stack.truncate(top);
                            if let Some(slot) = self.stack.get_mut(base + s as usize) {
                                *slot = Value::Num(n);
                            }
                            continue;
                        }
                        let v = pop!(self);
                        self.stack[base + s as usize] = v;
                    }
                    Op::TeeLocal(s) => {
                        let v = self.stack.last().cloned().unwrap_or_default();
                        self.stack[base + s as usize] = v;
                    }
                    Op::ClearLocal(s) => self.stack[base + s as usize] = Value::Empty,
                    Op::NopBox(_) | Op::NopCopy(_) => {}
                    Op::BoxLocal(s) => {
                        let v = std::mem::take(&mut self.stack[base + s as usize]);
                        let c = self.alloc(None, Kind::Cell(v));
                        self.stack[base + s as usize] = Value::Obj(c);
                    }
                    Op::NewCell(s) => {
                        let c = self.alloc(None, Kind::Cell(Value::Empty));
                        self.stack[base + s as usize] = Value::Obj(c);
                    }
                    Op::CopyCell(s) => {
                        let old = cell_of!(s);
                        let v = match &self.heap.get(old).kind {
                            Kind::Cell(v) => v.clone(),
                            _ => Value::Undefined,
                        };
                        let c = self.alloc(None, Kind::Cell(v));
                        self.stack[base + s as usize] = Value::Obj(c);
                    }
                    Op::GetCell(s, name) => {
                        let c = cell_of!(s);
                        let v = match &self.heap.get(c).kind {
                            Kind::Cell(v) => v.clone(),
                            _ => Value::Undefined,
                        };
                        if let Value::Empty = v {
                            let n = const_name(code, name);
                            throw!(self.reference_error(&format!(
                                "Cannot access '{n}' before initialization"
                            )));
                        }
                        self.stack.push(v);
                    }
                    Op::SetCell(s) | Op::InitCell(s) => {
                        let v = pop!(self);
                        let c = cell_of!(s);
                        self.heap.get_mut(c).kind = Kind::Cell(v);
                    }
                    Op::GetUpval(i, name) | Op::GetUpvalUndef(i, name) => {
                        let c = upval!(i);
                        if let Kind::Cell(v) = &self.heap.get(c).kind {
                            if push_plain(&mut self.stack, v) {
                                if let Op::GetUpvalUndef(..) = op {
                                    self.stack.push(Value::Undefined);
                                    pc += 1;
                                }
                                continue;
                            }
                        }
                        // Otherwise the GetUpval alone, with its checks (an Undef follows).
                        let v = match &self.heap.get(c).kind {
                            Kind::Cell(v) => v.clone(),
                            _ => Value::Undefined,
                        };
                        if let Value::Empty = v {
                            let n = const_name(code, name);
                            throw!(self.reference_error(&format!(
                                "Cannot access '{n}' before initialization"
                            )));
                        }
                        self.stack.push(v);
                    }
                    Op::SetUpval(i) => {
                        let v = pop!(self);
                        let c = upval!(i);
                        if let Kind::Cell(Value::Empty) = self.heap.get(c).kind {
                            let n = self.upval_name(func, i);
                            throw!(self.reference_error(&format!(
                                "Cannot access '{n}' before initialization"
                            )));
                        }
                        self.heap.get_mut(c).kind = Kind::Cell(v);
                    }
                    Op::InitUpval(i) => {
                        let v = pop!(self);
                        let c = upval!(i);
                        self.heap.get_mut(c).kind = Kind::Cell(v);
                    }
                    Op::Callee => {
                        let v = self.stack[base - 2].clone();
                        self.stack.push(v);
                    }
                    Op::GetGlobal(k) => {
                        let key = const_str(code, k);
                        let g = self.realm.global;
                        match self.heap.get(g).props.get(&key) {
                            Some(v) => {
                                let v = v.clone();
                                self.stack.push(v)
                            }
                            None => {
                                throw!(self
                                    .reference_error(&format!("{} is not defined", key.to_rust())))
                            }
                        }
                    }
                    Op::SetGlobal(k) => {
                        let key = const_str(code, k);
                        let v = pop!(self);
                        let g = self.realm.global;
                        tri!(self.set_prop(&Value::Obj(g), key, v));
                    }
                    Op::TypeofGlobal(k) => {
                        let key = const_str(code, k);
                        let g = self.realm.global;
                        let t = match self.heap.get(g).props.get(&key) {
                            Some(v) => {
                                let v = v.clone();
                                self.type_of(&v)
                            }
                            None => "undefined",
                        };
                        self.stack.push(Value::str(t));
                    }
                    Op::ThrowConstAssign(_) => {
                        throw!(self.type_error("Assignment to constant variable."))
                    }
                    Op::GetProp(k) => {
                        let o = pop!(self);
                        // Fast path: own data property of an ordinary object.
                        if let Value::Obj(r) = &o {
                            let obj = self.heap.get(*r);
                            if let Kind::Ordinary = obj.kind {
                                if let Value::Str(key) = &code.consts[k as usize] {
                                    if let Some(v) = obj.props.get(key) {
                                        let v = v.clone();
                                        self.stack.push(v);
                                        continue;
                                    }
                                }
                            }
                        }
                        let key = const_str(code, k);
                        save_pc!();
                        let v = tri!(self.get_prop(&o, &key));
                        self.stack.push(v);
                    }
                    Op::GetMethod(k) => {
                        let o = pop!(self);
                        let key = const_str(code, k);
                        save_pc!();
                        let v = tri!(self.get_prop(&o, &key));
                        self.stack.push(v);
                        self.stack.push(o);
                    }
                    Op::GetElem => {
                        let k = pop!(self);
                        let o = pop!(self);
                        save_pc!();
                        let v = tri!(self.get_elem(&o, &k));
                        self.stack.push(v);
                    }
                    Op::GetElemMethod => {
                        let k = pop!(self);
                        let o = pop!(self);
                        save_pc!();
                        let v = tri!(self.get_elem(&o, &k));
                        self.stack.push(v);
                        self.stack.push(o);
                    }
                    Op::SetProp(k) => {
                        let v = pop!(self);
                        let o = pop!(self);
                        let key = const_str(code, k);
                        save_pc!();
                        tri!(self.set_prop(&o, key, v.clone()));
                        self.stack.push(v);
                    }
                    Op::SetElem => {
                        let v = pop!(self);
                        let k = pop!(self);
                        let o = pop!(self);
                        save_pc!();
                        tri!(self.set_elem(&o, &k, v.clone()));
                        self.stack.push(v);
                    }
                    Op::DeleteProp(k) => {
                        let o = pop!(self);
                        let key = const_str(code, k);
                        let r = tri!(self.delete(&o, &key));
                        self.stack.push(Value::Bool(r));
                    }
                    Op::DeleteElem => {
                        let k = pop!(self);
                        let o = pop!(self);
                        let key = tri!(self.to_property_key(&k));
                        let r = tri!(self.delete(&o, &key));
                        self.stack.push(Value::Bool(r));
                    }
                    Op::Call(argc, text) => {
                        save_pc!();
                        // The common call, a program or prelude function that needs no
                        // rest array, `arguments` object or promise, pushes its frame here
                        // instead of going through `call_value`.
                        let argc = argc as usize;
                        let callee_pos = self.stack.len().wrapping_sub(argc + 2);
                        if let Some(&Value::Obj(r)) = self.stack.get(callee_pos) {
                            if let Kind::Closure(c) = &self.heap.get(r).kind {
                                let f = c.func;
                                if let Some(callee) = code_of(&program, &prelude, f) {
                                    if callee.enters_plainly(argc)
                                        && self.frames.len() < self.limits.max_frames
                                    {
                                        if callee.is_arrow {
                                            let t = c.this.clone();
                                            self.stack[callee_pos + 1] = t;
                                        }
                                        let new_base = callee_pos + 2;
                                        self.stack.resize(
                                            new_base + callee.nlocals as usize,
                                            Value::Undefined,
                                        );
                                        self.frames.push(Frame {
                                            func: f,
                                            pc: 0,
                                            base: new_base as u32,
                                            closure: Some(r),
                                            kind: FrameKind::Normal,
                                            resumed: false,
                                        });
                                        self.fuel -= callee.ops.len() as i64 + 1;
                                        // The frame switch runs the callee in the fast loop.
                                        continue 'frames;
                                    }
                                }
                            }
                        }
                        let depth = self.frames.len();
                        tri!(self.call_value(argc, text, FrameKind::Normal));
                        if self.blocked.is_some() {
                            return Ok(RunState::Blocked);
                        }
                        if self.frames.len() == depth {
                            // A native call: a safe point (its result is on the stack), so
                            // garbage it made is collected before the next one adds more.
                            if self.heap.wants_gc() {
                                self.maybe_gc()?;
                            }
                            if self.fuel > 0 {
                                // This frame goes on, no frame switch.
                                continue;
                            }
                        }
                        continue 'frames;
                    }
                    Op::CallSpread(text) => {
                        save_pc!();
                        let args = pop!(self);
                        let items = tri!(self.array_items(&args));
                        let n = items.len();
                        self.stack.extend(items);
                        tri!(self.call_value(n, text, FrameKind::Normal));
                        if self.blocked.is_some() {
                            return Ok(RunState::Blocked);
                        }
                        continue 'frames;
                    }
                    Op::New(argc, text) => {
                        save_pc!();
                        tri!(self.construct(argc as usize, text));
                        continue 'frames;
                    }
                    Op::NewSpread(text) => {
                        save_pc!();
                        let args = pop!(self);
                        let items = tri!(self.array_items(&args));
                        let n = items.len();
                        self.stack.extend(items);
                        tri!(self.construct(n, text));
                        continue 'frames;
                    }
                    Op::Return => {
                        match self.stack.last() {
                            Some(&Value::Num(n)) => return_plain!(Value::Num(n)),
                            Some(&Value::Obj(r)) => return_plain!(Value::Obj(r)),
                            _ => {}
                        }
                        let v = pop!(self);
                        save_pc!();
                        self.do_return(v)?;
                        if self.heap.wants_gc() {
                            self.maybe_gc()?;
                        }
                        continue 'frames;
                    }
                    Op::Await => {
                        let v = pop!(self);
                        save_pc!();
                        tri!(self.do_await(v));
                        continue 'frames;
                    }
                    Op::Jump(t) => {
                        if (t as usize) < pc && self.heap.wants_gc() {
                            save_pc!();
                            self.maybe_gc()?;
                        }
                        back_edge!(t);
                    }
                    Op::JumpIfFalse(t) => {
                        let v = pop!(self);
                        let b = match v {
                            Value::Bool(b) => b,
                            v => v.truthy(),
                        };
                        if !b {
                            back_edge!(t);
                        }
                    }
                    Op::JumpIfTrue(t) => {
                        if pop!(self).truthy() {
                            back_edge!(t);
                        }
                    }
                    Op::JumpIfFalseKeep(t) => {
                        if !self.stack.last().map(|v| v.truthy()).unwrap_or(false) {
                            pc = t as usize;
                        } else {
                            self.stack.pop();
                        }
                    }
                    Op::JumpIfTrueKeep(t) => {
                        if self.stack.last().map(|v| v.truthy()).unwrap_or(false) {
                            pc = t as usize;
                        } else {
                            self.stack.pop();
                        }
                    }
                    Op::JumpIfNotNullishKeep(t) => {
                        if !self.stack.last().map(|v| v.is_nullish()).unwrap_or(true) {
                            pc = t as usize;
                        } else {
                            self.stack.pop();
                        }
                    }
                    Op::JumpIfNullish(x) => {
                        let depth = (x >> 28) as usize;
                        let t = (x & 0x0fff_ffff) as usize;
                        if self.stack.last().map(|v| v.is_nullish()).unwrap_or(false) {
                            let n = self.stack.len();
                            self.stack.truncate(n.saturating_sub(depth));
                            self.stack.push(Value::Undefined);
                            pc = t;
                        }
                    }
                    Op::Add => {
                        let n = self.stack.len();
                        if n >= 2 {
                            if let (Value::Num(x), Value::Num(y)) =
                                (&self.stack[n - 2], &self.stack[n - 1])
                            {
                                let r = x + y;
                                self.stack.truncate(n - 1);
                                self.stack[n - 2] = Value::Num(r);
                                continue;
                            }
                        }
                        let b = pop!(self);
                        let a = pop!(self);
                        if let (Value::Num(x), Value::Num(y)) = (&a, &b) {
                            self.stack.push(Value::Num(x + y));
                        } else {
                            program_convert!(convert_code(op), a, b, true);
                            save_pc!();
                            let v = tri!(self.add(a, b));
                            self.stack.push(v);
                        }
                    }
                    Op::Sub => num2!(op, |x: f64, y: f64| x - y),
                    Op::Mul => num2!(op, |x: f64, y: f64| x * y),
                    Op::Div => num2!(op, |x: f64, y: f64| x / y),
                    Op::Rem => num2!(op, js_rem),
                    Op::Exp => num2!(op, js_pow),
                    Op::Shl => int2!(op, |x, y| (number::to_int32(x)
                        .wrapping_shl(number::to_uint32(y) & 31))
                        as f64),
                    Op::Shr => {
                        int2!(
                            op,
                            |x, y| (number::to_int32(x) >> (number::to_uint32(y) & 31)) as f64
                        )
                    }
                    Op::UShr => {
                        int2!(
                            op,
                            |x, y| (number::to_uint32(x) >> (number::to_uint32(y) & 31)) as f64
                        )
                    }
                    Op::BitAnd => int2!(op, |x, y| (number::to_int32(x) & number::to_int32(y))
                        as f64),
                    Op::BitOr => int2!(op, |x, y| (number::to_int32(x) | number::to_int32(y))
                        as f64),
                    Op::BitXor => int2!(op, |x, y| (number::to_int32(x) ^ number::to_int32(y))
                        as f64),
                    Op::StrictEq => {
                        let b = pop!(self);
                        let a = pop!(self);
                        tri!(self.charge_compare(&a, &b));
                        self.stack.push(Value::Bool(strict_equals(&a, &b)));
                    }
                    Op::StrictNe => {
                        let b = pop!(self);
                        let a = pop!(self);
                        tri!(self.charge_compare(&a, &b));
                        self.stack.push(Value::Bool(!strict_equals(&a, &b)));
                    }
                    Op::Eq => {
                        let b = pop!(self);
                        let a = pop!(self);
                        if loose_equality_converts(&a, &b) {
                            program_convert!(convert_code(op), a, b, true);
                        }
                        let r = tri!(self.loose_equals(&a, &b));
                        self.stack.push(Value::Bool(r));
                    }
                    Op::Ne => {
                        let b = pop!(self);
                        let a = pop!(self);
                        if loose_equality_converts(&a, &b) {
                            program_convert!(convert_code(op), a, b, true);
                        }
                        let r = tri!(self.loose_equals(&a, &b));
                        self.stack.push(Value::Bool(!r));
                    }
                    Op::Lt | Op::Le | Op::Gt | Op::Ge => {
                        let n = self.stack.len();
                        if n >= 2 {
                            if let (Value::Num(x), Value::Num(y)) =
                                (&self.stack[n - 2], &self.stack[n - 1])
                            {
                                let r = match op {
                                    Op::Lt => x < y,
                                    Op::Le => x <= y,
                                    Op::Gt => x > y,
                                    _ => x >= y,
                                };
                                self.stack.truncate(n - 1);
                                self.stack[n - 2] = Value::Bool(r);
                                continue;
                            }
                        }
                        let b = pop!(self);
                        let a = pop!(self);
                        let c = match op {
                            Op::Lt => Cmp::Lt,
                            Op::Le => Cmp::Le,
                            Op::Gt => Cmp::Gt,
                            _ => Cmp::Ge,
                        };
                        program_convert!(cmp_code(c), a, b, true);
                        let r = tri!(self.relational(c, &a, &b));
                        self.stack.push(Value::Bool(r));
                    }
                    Op::GetLocal2(a, b) => {
                        push_local(&mut self.stack, base + a as usize);
                        push_local(&mut self.stack, base + b as usize);
                        pc += 1;
                    }
                    Op::LocalCmpNumJump(a, c, k, t) => {
                        if let Some(Value::Num(x)) = self.stack.get(base + a as usize) {
                            if c.holds(*x, k) {
                                pc += 3;
                            } else {
                                back_edge!(t);
                            }
                        } else {
                            push_local(&mut self.stack, base + a as usize);
                        }
                    }
                    Op::CmpJump(c, t) => {
                        let n = self.stack.len();
                        let b = pop!(self);
                        let a = pop!(self);
                        let r = match (&a, &b) {
                            (Value::Num(x), Value::Num(y)) => {
                                pc += 1;
                                if !c.holds(*x, *y) {
                                    back_edge!(t);
                                }
                                continue;
                            }
                            _ if n < 2 => false,
                            _ => {
                                program_convert!(cmp_code(c), a, b, true);
                                save_pc!();
                                tri!(self.relational(c, &a, &b))
                            }
                        };
                        // Not numbers: the comparison only; the JumpIfFalse after it runs.
                        self.stack.push(Value::Bool(r));
                    }
                    Op::ArithNum(f, k) => {
                        if let Some(Value::Num(x)) = self.stack.last_mut() {
                            *x = f.apply(*x, k);
                            pc += 1;
                        } else {
                            self.stack.push(Value::Num(k));
                        }
                    }
                    Op::LocalArithNum(a, f, k) | Op::LocalArithNumCall(a, f, k) => {
                        // (The call after a LocalArithNumCall runs as its own op here.)
                        if let Some(Value::Num(x)) = self.stack.get(base + a as usize) {
                            let r = f.apply(*x, k);
                            self.stack.push(Value::Num(r));
                            pc += 2;
                        } else {
                            push_local(&mut self.stack, base + a as usize);
                        }
                    }
                    Op::JumpLoopTest(t) => {
                        loop_back_edge!(t);
                    }
                    Op::ArithSetLocal(f, a) => {
                        let n = self.stack.len();
                        if n >= 2 {
                            if let (Value::Num(x), Value::Num(y)) =
                                (&self.stack[n - 2], &self.stack[n - 1])
                            {
                                let r = f.apply(*x, *y);
                                self.stack.truncate(n - 2);
                                if let Some(slot) = self.stack.get_mut(base + a as usize) {
                                    *slot = Value::Num(r);
                                }
                                pc += 1;
                                continue;
                            }
                        }
                        // Not numbers: the arithmetic op alone; the SetLocal after it runs.
                        arith_slow_push!(f);
                    }
                    Op::ArithReturn(f) => {
                        // The arithmetic alone; the Return after it runs as its own op.
                        let n = self.stack.len();
                        if n >= 2 {
                            if let (Value::Num(x), Value::Num(y)) =
                                (&self.stack[n - 2], &self.stack[n - 1])
                            {
                                let r = f.apply(*x, *y);
                                self.stack.truncate(n - 1);
                                self.stack[n - 2] = Value::Num(r);
                                continue;
                            }
                        }
                        arith_slow_push!(f);
                    }
                    Op::LocalsArith(a, b, f) => {
                        if let (Some(Value::Num(x)), Some(Value::Num(y))) = (
                            self.stack.get(base + a as usize),
                            self.stack.get(base + b as usize),
                        ) {
                            let r = f.apply(*x, *y);
                            self.stack.push(Value::Num(r));
                            pc += 2;
                        } else {
                            push_local(&mut self.stack, base + a as usize);
                        }
                    }
                    Op::LocalLocalArithNum(a, b, f, k) => {
                        push_local(&mut self.stack, base + a as usize);
                        if let Some(&Value::Num(y)) = self.stack.get(base + b as usize) {
                            self.stack.push(Value::Num(f.apply(y, k)));
                            pc += 3;
                        }
                    }
                    Op::ArithNumArithSetLocal(f1, f2, a, k) => {
                        let n = self.stack.len();
                        if n >= 2 {
                            if let (Value::Num(x), Value::Num(y)) =
                                (&self.stack[n - 2], &self.stack[n - 1])
                            {
                                let r = f2.apply(*x, f1.apply(*y, k));
                                self.stack.pop();
                                self.stack.pop();
                                if let Some(slot) = self.stack.get_mut(base + a as usize) {
                                    *slot = Value::Num(r);
                                }
                                pc += 3;
                                continue;
                            }
                        }
                        self.stack.push(Value::Num(k));
                    }
                    Op::IncLocalLoop(..) | Op::ForStep(..) => {
                        // A ForStep runs here as the IncLocalLoop it was made from.
                        let (a, inc, t) = match op {
                            Op::IncLocalLoop(a, inc, t) => (a, inc, t),
                            Op::ForStep(a, flags, _, body, _) => {
                                (a, flags & FOR_STEP_INC != 0, body.wrapping_sub(4))
                            }
                            _ => continue,
                        };
                        let Some(Value::Num(x)) = self.stack.get_mut(base + a as usize) else {
                            push_local(&mut self.stack, base + a as usize);
                            continue;
                        };
                        *x += if inc { 1.0 } else { -1.0 };
                        // Now the back edge, as the JumpLoopTest after the update does it.
                        pc += 3;
                        loop_back_edge!(t);
                    }
                    Op::ReturnLocal(a) => {
                        match self.stack.get(base + a as usize) {
                            Some(&Value::Num(n)) => return_plain!(Value::Num(n)),
                            Some(&Value::Obj(r)) => return_plain!(Value::Obj(r)),
                            _ => {}
                        }
                        push_local(&mut self.stack, base + a as usize);
                        pc += 1;
                        let v = pop!(self);
                        save_pc!();
                        self.do_return(v)?;
                        if self.heap.wants_gc() {
                            self.maybe_gc()?;
                        }
                        continue 'frames;
                    }
                    Op::IncLocal(a, inc) => {
                        if let Some(Value::Num(x)) = self.stack.get_mut(base + a as usize) {
                            *x += if inc { 1.0 } else { -1.0 };
                            pc += 2;
                        } else {
                            push_local(&mut self.stack, base + a as usize);
                        }
                    }
                    Op::In => {
                        let o = pop!(self);
                        let k = pop!(self);
                        let r = tri!(self.has_property(&o, &k));
                        self.stack.push(Value::Bool(r));
                    }
                    Op::InstanceOf => {
                        let c = pop!(self);
                        let v = pop!(self);
                        let r = tri!(self.instance_of(&v, &c));
                        self.stack.push(Value::Bool(r));
                    }
                    Op::Neg => {
                        let v = pop!(self);
                        program_convert!(convert_code(op), v, Value::Undefined, true);
                        let n = tri!(self.to_number(&v));
                        self.stack.push(Value::Num(-n));
                    }
                    Op::Plus | Op::ToNumeric => {
                        let v = pop!(self);
                        program_convert!(convert_code(op), v, Value::Undefined, true);
                        let n = match v {
                            Value::Num(n) => n,
                            v => tri!(self.to_number(&v)),
                        };
                        self.stack.push(Value::Num(n));
                    }
                    Op::Not => {
                        let v = pop!(self);
                        self.stack.push(Value::Bool(!v.truthy()));
                    }
                    Op::BitNot => {
                        let v = pop!(self);
                        program_convert!(convert_code(op), v, Value::Undefined, true);
                        let n = tri!(self.to_number(&v));
                        self.stack.push(Value::Num(!number::to_int32(n) as f64));
                    }
                    Op::Typeof => {
                        let v = pop!(self);
                        let t = self.type_of(&v);
                        self.stack.push(Value::str(t));
                    }
                    Op::Inc | Op::Dec => {
                        let v = pop!(self);
                        program_convert!(convert_code(op), v, Value::Undefined, true);
                        let n = match v {
                            Value::Num(n) => n,
                            v => tri!(self.to_number(&v)),
                        };
                        self.stack
                            .push(Value::Num(if op == Op::Inc { n + 1.0 } else { n - 1.0 }));
                    }
                    Op::ToPropertyKey => {
                        let v = pop!(self);
                        let v = match v {
                            Value::Num(_) | Value::Str(_) => v,
                            v => Value::Str(tri!(self.to_property_key(&v))),
                        };
                        self.stack.push(v);
                    }
                    Op::ToStr => {
                        let v = pop!(self);
                        program_convert!(convert_code(op), v, Value::Undefined, false);
                        let s = match v {
                            Value::Str(s) => s,
                            v => tri!(self.to_string(&v)),
                        };
                        self.stack.push(Value::Str(s));
                    }
                    Op::Concat(n) => {
                        let start = self.stack.len() - n as usize;
                        let mut total = 0;
                        for v in &self.stack[start..] {
                            if let Value::Str(s) = v {
                                total += s.len();
                            }
                        }
                        let mut u = Vec::with_capacity(total);
                        for v in self.stack.drain(start..) {
                            if let Value::Str(s) = v {
                                u.extend_from_slice(s.units());
                            }
                        }
                        let s = tri!(self.new_string(u));
                        self.stack.push(s);
                    }
                    Op::NewObject => {
                        let o = self.new_object();
                        self.stack.push(Value::Obj(o));
                    }
                    Op::NewArray(n) => {
                        let a = self.new_array(Vec::with_capacity(n.min(1024) as usize));
                        self.stack.push(Value::Obj(a));
                    }
                    Op::ArrayPush | Op::ArrayHole => {
                        let v = if op == Op::ArrayPush {
                            pop!(self)
                        } else {
                            Value::Undefined
                        };
                        if let Some(Value::Obj(a)) = self.stack.last() {
                            let a = *a;
                            if let Kind::Array(items) = &mut self.heap.get_mut(a).kind {
                                items.push(v);
                            }
                            self.heap.charge(2 * crate::limits::ELEMENT_COST);
                        }
                    }
                    Op::ArraySpread => {
                        let src = pop!(self);
                        save_pc!();
                        let items = tri!(self.iterate_to_vec(&src));
                        let have = match self.stack.last() {
                            Some(Value::Obj(a)) => match &self.heap.get(*a).kind {
                                Kind::Array(v) => v.len(),
                                _ => 0,
                            },
                            _ => 0,
                        };
                        tri!(self.check_len(have + items.len()));
                        if let Some(Value::Obj(a)) = self.stack.last() {
                            let a = *a;
                            self.heap
                                .charge(items.len() * 2 * crate::limits::ELEMENT_COST);
                            if let Kind::Array(v) = &mut self.heap.get_mut(a).kind {
                                v.extend(items);
                            }
                        }
                    }
                    Op::InitProp(k) => {
                        let v = pop!(self);
                        let key = const_str(code, k);
                        if let Some(Value::Obj(o)) = self.stack.last() {
                            let o = *o;
                            self.heap.get_mut(o).props.insert(key, v, DEFAULT_FLAGS);
                            self.heap.charge(crate::heap::PROP_COST);
                        }
                    }
                    Op::InitElem => {
                        let v = pop!(self);
                        let k = pop!(self);
                        let key = tri!(self.to_property_key(&k));
                        if let Some(Value::Obj(o)) = self.stack.last() {
                            let o = *o;
                            self.heap.get_mut(o).props.insert(key, v, DEFAULT_FLAGS);
                            self.heap.charge(crate::heap::PROP_COST);
                        }
                    }
                    Op::ObjectSpread => {
                        let src = pop!(self);
                        if let Some(Value::Obj(o)) = self.stack.last() {
                            let o = *o;
                            tri!(self.copy_props(o, &src, &[]));
                        }
                    }
                    Op::ObjectRest => {
                        let keys = pop!(self);
                        let src = pop!(self);
                        let ks: Vec<JsStr> = match &keys {
                            Value::Obj(r) => match &self.heap.get(*r).kind {
                                Kind::Array(items) => items
                                    .iter()
                                    .filter_map(|v| match v {
                                        Value::Str(s) => Some(s.clone()),
                                        Value::Num(n) => {
                                            Some(JsStr::from_str(&number::to_string(*n)))
                                        }
                                        _ => None,
                                    })
                                    .collect(),
                                _ => Vec::new(),
                            },
                            _ => Vec::new(),
                        };
                        let o = self.new_object();
                        tri!(self.copy_props(o, &src, &ks));
                        self.stack.push(Value::Obj(o));
                    }
                    Op::Closure(idx) => {
                        let f = self.code(idx);
                        let caps = f.captures.clone();
                        let is_arrow = f.is_arrow;
                        let mut cells = Vec::with_capacity(caps.len());
                        for c in caps {
                            cells.push(match c {
                                Capture::Local(s) => cell_of!(s),
                                Capture::Upval(i) => upval!(i),
                            });
                        }
                        let this = if is_arrow {
                            self.stack[base - 1].clone()
                        } else {
                            Value::Undefined
                        };
                        let fp = self.realm.function_proto;
                        self.heap.charge(cells.len() * 4 + 32);
                        let c = self.alloc(
                            Some(fp),
                            Kind::Closure(Box::new(Closure {
                                func: idx,
                                cells,
                                this,
                            })),
                        );
                        self.stack.push(Value::Obj(c));
                    }
                    Op::This => {
                        let v = self.stack[base - 1].clone();
                        self.stack.push(v);
                    }
                    Op::SetFnName(_) => {}
                    Op::Throw => {
                        let v = pop!(self);
                        save_pc!();
                        self.last_throw = self.location_of(func, pc as u32 - 1);
                        if func & PROGRAM_BIT == 0 {
                            self.last_throw = None;
                        }
                        self.throw_value(v)?;
                        if self.heap.wants_gc() {
                            self.maybe_gc()?;
                        }
                        continue 'frames;
                    }
                    Op::PushHandler(t) => {
                        let depth = self.frames.len() as u32 - 1;
                        self.handlers.push(Handler {
                            frame: depth,
                            pc: t,
                            height: (self.stack.len() - base) as u32,
                        });
                    }
                    Op::PopHandler => {
                        self.handlers.pop();
                    }
                    Op::IterInit => {
                        let v = pop!(self);
                        let ok = match &v {
                            Value::Str(_) => true,
                            Value::Obj(r) => matches!(self.heap.get(*r).kind, Kind::Array(_)),
                            _ => false,
                        };
                        if !ok {
                            save_pc!();
                            let t = if let Value::Obj(_) = v {
                                "object is not iterable (only arrays and strings are iterable here)"
                                    .to_string()
                            } else {
                                format!("{} is not iterable", tri!(self.to_rust_string(&v)))
                            };
                            throw!(self.type_error(&t));
                        }
                        self.stack.push(v);
                    }
                    Op::ForInInit => {
                        let v = pop!(self);
                        let keys = tri!(self.for_in_keys(&v));
                        let a = self.new_array(keys);
                        self.stack.push(Value::Obj(a));
                    }
                    Op::IterNext(s, t) => {
                        let it = self.stack[base + s as usize].clone();
                        let idx = match self.stack[base + s as usize + 1] {
                            Value::Num(n) => n as usize,
                            _ => 0,
                        };
                        match &it {
                            Value::Obj(r) => {
                                let next = match &self.heap.get(*r).kind {
                                    Kind::Array(items) => items.get(idx).cloned(),
                                    _ => None,
                                };
                                match next {
                                    Some(v) => {
                                        self.stack[base + s as usize + 1] =
                                            Value::Num((idx + 1) as f64);
                                        self.stack.push(v);
                                    }
                                    None => pc = t as usize,
                                }
                            }
                            Value::Str(st) => {
                                let u = st.units();
                                if idx >= u.len() {
                                    pc = t as usize;
                                } else {
                                    let n = if (0xD800..0xDC00).contains(&u[idx])
                                        && u.get(idx + 1)
                                            .is_some_and(|x| (0xDC00..0xE000).contains(x))
                                    {
                                        2
                                    } else {
                                        1
                                    };
                                    let piece = JsStr::from_units(&u[idx..idx + n]);
                                    self.stack[base + s as usize + 1] =
                                        Value::Num((idx + n) as f64);
                                    self.stack.push(Value::Str(piece));
                                }
                            }
                            _ => pc = t as usize,
                        }
                    }
                    Op::ToArray => {
                        let v = pop!(self);
                        if let Value::Obj(r) = &v {
                            if matches!(self.heap.get(*r).kind, Kind::Array(_)) {
                                self.stack.push(v);
                                continue;
                            }
                        }
                        save_pc!();
                        let items = tri!(self.iterate_to_vec(&v));
                        let a = self.new_array(items);
                        self.stack.push(Value::Obj(a));
                    }
                    Op::IndexOf(i) => {
                        let v = match self.stack.last() {
                            Some(Value::Obj(r)) => match &self.heap.get(*r).kind {
                                Kind::Array(items) => {
                                    items.get(i as usize).cloned().unwrap_or_default()
                                }
                                _ => Value::Undefined,
                            },
                            _ => Value::Undefined,
                        };
                        self.stack.push(v);
                    }
                    Op::SliceFrom(i) => {
                        let rest = match self.stack.last() {
                            Some(Value::Obj(r)) => match &self.heap.get(*r).kind {
                                Kind::Array(items) => items
                                    .get(i as usize..)
                                    .map(|s| s.to_vec())
                                    .unwrap_or_default(),
                                _ => Vec::new(),
                            },
                            _ => Vec::new(),
                        };
                        let a = self.new_array(rest);
                        self.stack.push(Value::Obj(a));
                    }
                    Op::RequireObject(_) => {
                        if let Some(v) = self.stack.last() {
                            if v.is_nullish() {
                                let what = if matches!(v, Value::Null) {
                                    "null"
                                } else {
                                    "undefined"
                                };
                                save_pc!();
                                throw!(self.type_error(&format!(
                                    "Cannot destructure '{what}' as it is {what}."
                                )));
                            }
                        }
                    }
                    Op::TemplateObject(i) => {
                        let (cooked, raw) = code.templates[i as usize].clone();
                        let raw_arr = self.new_array(raw);
                        let arr = self.new_array(cooked);
                        self.define_hidden(arr, "raw", Value::Obj(raw_arr));
                        self.stack.push(Value::Obj(arr));
                    }
                    Op::Intrinsic(id, argc) => {
                        let start = self.stack.len() - argc as usize;
                        let args: Vec<Value> = self.stack.drain(start..).collect();
                        save_pc!();
                        let f = crate::builtins::INTRINSICS[id as usize].1;
                        let v = tri!(f(self, &Value::Undefined, &args));
                        self.stack.push(v);
                    }
                    Op::Import => {
                        let v = pop!(self);
                        save_pc!();
                        let m = tri!(crate::builtins::import_module(self, &v));
                        self.stack.push(m);
                    }
                }
            }
        }
    }

    fn upval_name(&self, _func: u32, _i: u16) -> String {
        "variable".into()
    }

    pub fn check_len(&mut self, n: usize) -> JsResult<()> {
        if n > self.limits.max_collection_len {
            return Err(self.range_error("Invalid array length"));
        }
        Ok(())
    }

    fn delete(&mut self, o: &Value, key: &JsStr) -> JsResult<bool> {
        match o {
            Value::Obj(r) => {
                let obj = self.heap.get_mut(*r);
                if obj.frozen {
                    return Ok(false);
                }
                if let Kind::Array(items) = &mut obj.kind {
                    if let Some(i) = key.as_index() {
                        // Arrays are dense: the deleted element reads as undefined.
                        if let Some(slot) = items.get_mut(i as usize) {
                            *slot = Value::Undefined;
                        }
                        return Ok(true);
                    }
                }
                // A non-configurable property stays (false, as node's sloppy scripts answer).
                if let Some(i) = obj.props.find(key) {
                    if obj.props.entries[i].flags & crate::builtins::NON_CONFIGURABLE != 0 {
                        return Ok(false);
                    }
                }
                obj.props.remove(key);
                Ok(true)
            }
            Value::Undefined | Value::Null => Err(self.type_error(&format!(
                "Cannot convert undefined or null to object (deleting '{}')",
                key.to_rust()
            ))),
            _ => Ok(true),
        }
    }

    pub fn array_items(&mut self, v: &Value) -> JsResult<Vec<Value>> {
        if let Value::Obj(r) = v {
            if let Kind::Array(items) = &self.heap.get(*r).kind {
                let n = items.len();
                // A spread's copy (and the stack it lands on) is held until the call ends.
                self.ensure_memory(n * crate::limits::ELEMENT_COST * 2)?;
                self.charge(n)?;
                self.heap.charge(n * crate::limits::ELEMENT_COST);
                if let Kind::Array(items) = &self.heap.get(*r).kind {
                    return Ok(items.clone());
                }
            }
        }
        self.iterate_to_vec(v)
    }

    /// Iterates arrays and strings (the iterables of this subset).
    pub fn iterate_to_vec(&mut self, v: &Value) -> JsResult<Vec<Value>> {
        match v {
            Value::Obj(r) => match &self.heap.get(*r).kind {
                Kind::Array(_) => self.array_items(v),
                _ => Err(self.type_error(
                    "object is not iterable (only arrays and strings are iterable here)",
                )),
            },
            Value::Str(s) => {
                let s = s.clone();
                self.reserve_array(s.len())?;
                self.reserve_strings(s.len(), s.len())?;
                self.heap.charge(s.len() * JsStr::cost(1));
                let mut out = Vec::with_capacity(s.len());
                for (i, c) in char::decode_utf16(s.units().iter().copied()).enumerate() {
                    self.tick(i)?;
                    let units: Vec<u16> = match c {
                        Ok(c) => {
                            let mut b = [0u16; 2];
                            c.encode_utf16(&mut b).to_vec()
                        }
                        Err(e) => vec![e.unpaired_surrogate()],
                    };
                    out.push(Value::Str(JsStr::new(units)));
                }
                Ok(out)
            }
            _ => {
                let t = self.to_rust_string(v)?;
                Err(self.type_error(&format!("{t} is not iterable")))
            }
        }
    }

    pub fn copy_props(&mut self, dst: ObjRef, src: &Value, exclude: &[JsStr]) -> JsResult<()> {
        match src {
            Value::Obj(r) => {
                let keys = self.own_keys(*r);
                self.charge(keys.len())?;
                for k in keys {
                    if exclude.contains(&k) {
                        continue;
                    }
                    let v = self.get_prop(src, &k)?;
                    self.heap.get_mut(dst).props.insert(k, v, DEFAULT_FLAGS);
                    self.heap.charge(crate::heap::PROP_COST);
                }
            }
            Value::Str(s) => {
                for (i, u) in s.units().iter().enumerate() {
                    let k = JsStr::from_str(&i.to_string());
                    if exclude.contains(&k) {
                        continue;
                    }
                    self.heap.get_mut(dst).props.insert(
                        k,
                        Value::Str(JsStr::from_units(&[*u])),
                        DEFAULT_FLAGS,
                    );
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn for_in_keys(&mut self, v: &Value) -> JsResult<Vec<Value>> {
        let mut out: Vec<Value> = Vec::new();
        match v {
            Value::Obj(r) => {
                // Keys seen on the chain so far: a set, so a big object is not quadratic.
                let mut seen: std::collections::HashSet<JsStr> = Default::default();
                let mut cur = Some(*r);
                while let Some(c) = cur {
                    let keys = self.own_keys(c);
                    self.reserve_array(out.len() + keys.len())?;
                    self.ensure_memory(keys.len() * 2 * crate::limits::ELEMENT_COST)?;
                    for k in keys {
                        if seen.insert(k.clone()) {
                            out.push(Value::Str(k));
                        }
                    }
                    cur = self.heap.get(c).proto;
                }
            }
            Value::Str(s) => {
                self.reserve_array(s.len())?;
                self.reserve_strings(s.len(), s.len() * 8)?;
                for i in 0..s.len() {
                    self.tick(i)?;
                    out.push(Value::str(&i.to_string()));
                }
                self.heap.charge(s.len() * JsStr::cost(8));
            }
            _ => {}
        }
        Ok(out)
    }

    // ---------- host calls ----------

    pub fn complete_call(
        &mut self,
        id: u64,
        outcome: codemode_core::HostOutcome,
    ) -> Option<Diagnostic> {
        let promise = self.pending.remove(&id)?;
        use codemode_core::HostOutcome;
        let (value, rejected) = match outcome {
            HostOutcome::Ok(json) => match crate::interop::import_value(self, &json) {
                Ok(v) => (v, false),
                Err(e) => (e, true),
            },
            HostOutcome::Err(e) => {
                let err = self.make_error(self.realm.error_proto, &e.message);
                if let Value::Obj(r) = err {
                    self.define_hidden(r, "code", Value::str(&e.code));
                }
                (err, true)
            }
            HostOutcome::Fatal(d) => return Some(d),
        };
        match promise {
            Some(p) => {
                if rejected {
                    self.settle(p, value, true)
                } else {
                    self.settle(p, value, false)
                }
            }
            None => {
                if self.blocked == Some(id) {
                    self.blocked = None;
                    if rejected {
                        if let Err(Throw::Fatal(d)) = self.throw_value(value) {
                            return Some(d);
                        }
                    } else {
                        self.stack.push(value);
                    }
                }
            }
        }
        None
    }

    pub fn next_random(&mut self) -> f64 {
        // xorshift64*
        let mut x = self.rng;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.rng = x;
        let r = x.wrapping_mul(0x2545_f491_4f6c_dd1d);
        (r >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn const_str(code: &FuncCode, k: u32) -> JsStr {
    match &code.consts[k as usize] {
        Value::Str(s) => s.clone(),
        _ => JsStr::from_str(""),
    }
}

fn const_name(code: &FuncCode, k: u32) -> String {
    match code.consts.get(k as usize) {
        Some(Value::Str(s)) => s.to_rust(),
        _ => "variable".into(),
    }
}

/// The converter's operator codes (the `switch` of `convert` in prelude.js).
fn convert_code(op: Op) -> u8 {
    match op {
        Op::Add => 0,
        Op::Sub => 1,
        Op::Mul => 2,
        Op::Div => 3,
        Op::Rem => 4,
        Op::Exp => 5,
        Op::Shl => 6,
        Op::Shr => 7,
        Op::UShr => 8,
        Op::BitAnd => 9,
        Op::BitOr => 10,
        Op::BitXor => 11,
        Op::Lt => 12,
        Op::Le => 13,
        Op::Gt => 14,
        Op::Ge => 15,
        Op::Eq => 16,
        Op::Ne => 17,
        Op::ToStr => 20,
        Op::Neg => 21,
        Op::Plus | Op::ToNumeric => 22,
        Op::BitNot => 23,
        Op::Inc => 24,
        Op::Dec => 25,
        _ => 22,
    }
}

fn arith_code(f: Arith) -> u8 {
    match f {
        Arith::Add => 0,
        Arith::Sub => 1,
        Arith::Mul => 2,
        Arith::Div => 3,
        Arith::Rem => 4,
    }
}

fn cmp_code(c: Cmp) -> u8 {
    match c {
        Cmp::Lt => 12,
        Cmp::Le => 13,
        Cmp::Gt => 14,
        Cmp::Ge => 15,
    }
}

/// `a == b` converts an object only against a primitive other than null/undefined.
fn loose_equality_converts(a: &Value, b: &Value) -> bool {
    let is_obj = |v: &Value| matches!(v, Value::Obj(_));
    is_obj(a) != is_obj(b) && !a.is_nullish() && !b.is_nullish()
}

/// Pushes a copy of `v` when it is a number or an object, field by field (see
/// `push_local`); false (nothing pushed) for the other values.
#[inline(always)]
pub(crate) fn push_plain(stack: &mut Vec<Value>, v: &Value) -> bool {
    match *v {
        Value::Num(n) => stack.push(Value::Num(n)),
        Value::Obj(r) => stack.push(Value::Obj(r)),
        _ => return false,
    }
    true
}

/// Pushes a copy of stack slot `i`. Numbers are pushed field by field: a whole-value copy
/// of a slot just written field by field stalls on store forwarding.
#[inline(always)]
pub(crate) fn push_local(stack: &mut Vec<Value>, i: usize) {
    match stack.get(i) {
        Some(&Value::Num(n)) => stack.push(Value::Num(n)),
        Some(v) => {
            let v = v.clone();
            stack.push(v)
        }
        None => stack.push(Value::Undefined),
    }
}

impl Arith {
    #[inline(always)]
    pub(crate) fn apply(self, x: f64, y: f64) -> f64 {
        match self {
            Arith::Add => x + y,
            Arith::Sub => x - y,
            Arith::Mul => x * y,
            Arith::Div => x / y,
            Arith::Rem => js_rem(x, y),
        }
    }
}

impl Cmp {
    #[inline(always)]
    pub(crate) fn holds(self, x: f64, y: f64) -> bool {
        match self {
            Cmp::Lt => x < y,
            Cmp::Le => x <= y,
            Cmp::Gt => x > y,
            Cmp::Ge => x >= y,
        }
    }
}

#[inline(always)]
pub fn js_rem(x: f64, y: f64) -> f64 {
    // Integers (the common case) avoid fmod; the sign of a zero result follows x. The
    // round trip through i32 tests integrality without a call to trunc, and a 32-bit
    // division is the cheap one.
    let (xi, yi) = (x as i32, y as i32);
    if xi as f64 == x && yi as f64 == y && yi != 0 {
        let r = xi.wrapping_rem(yi);
        return if r == 0 && x.is_sign_negative() {
            -0.0
        } else {
            r as f64
        };
    }
    js_rem_slow(x, y)
}

#[cold]
#[inline(never)]
fn js_rem_slow(x: f64, y: f64) -> f64 {
    const LIM: f64 = 9_007_199_254_740_992.0;
    if x.fract() == 0.0 && y.fract() == 0.0 && x.abs() < LIM && y.abs() < LIM && y != 0.0 {
        let r = (x as i64) % (y as i64);
        return if r == 0 && x.is_sign_negative() {
            -0.0
        } else {
            r as f64
        };
    }
    if y == 0.0 || x.is_infinite() || x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if y.is_infinite() {
        return x;
    }
    x % y
}

pub fn js_pow(x: f64, y: f64) -> f64 {
    if y.is_nan() {
        return f64::NAN;
    }
    if y == 0.0 {
        return 1.0;
    }
    if (x == 1.0 || x == -1.0) && y.is_infinite() {
        return f64::NAN;
    }
    x.powf(y)
}
