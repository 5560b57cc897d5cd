//! The virtual machine: frames in a Vec, exceptions, promises and jobs, host calls.
//!
//! `exec` is the dispatch loop; `call` enters and leaves frames; `object` is property access;
//! `literals` builds array and object literals and takes patterns apart; `convert` and
//! `operators` are the abstract operations; `promise` the job queue; `gc` the
//! collector's roots.

use crate::builtins::{NativeFn, Realm};
use crate::bytecode::FuncCode;
use crate::heap::*;
use crate::value::*;
use codemode_core::{Diagnostic, DiagnosticKind, HostCall, Location, VmLimits};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

/// A compiled module: the prelude or one program.
pub struct Module {
    pub funcs: crate::funcs::Funcs,
    /// The source (the prelude's is in the binary: borrowed, not copied).
    pub source: std::borrow::Cow<'static, str>,
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
/// Natives called with at most this many arguments get them in an array on the native
/// stack (more go through a reused buffer).
pub(crate) const NATIVE_FEW_ARGS: usize = 3;

#[derive(Clone, Debug)]
pub enum FrameKind {
    Normal,
    /// `new`: the new.target (the constructor `new` was applied to).
    Construct(ObjRef),
    Async(ObjRef),
    /// A promise reaction's handler: its outcome settles the target.
    Job(Option<ObjRef>),
    /// A thenable's `then` called by a resolve job: a throw rejects through `reject`.
    Thenable(ObjRef),
    /// A getter or setter run by a property access op (`ACC_GET`, `ACC_METHOD`,
    /// `ACC_DISCARD`: see `Vm::finish_accessor`).
    Accessor(u8),
    /// A generator's body, resumed by `next`/`return`/`throw` (its caller's kind is in the
    /// generator's `GenState::Running`).
    Generator(ObjRef),
}

impl FrameKind {
    pub fn trace(&self, work: &mut Vec<ObjRef>) {
        match *self {
            FrameKind::Async(p)
            | FrameKind::Job(Some(p))
            | FrameKind::Thenable(p)
            | FrameKind::Construct(p)
            | FrameKind::Generator(p) => work.push(p),
            _ => {}
        }
    }
}

/// An accessor frame's result is the value of the access.
pub const ACC_GET: u8 = 0;
/// ...and goes below the receiver the op left on the stack (a method call's callee).
pub const ACC_METHOD: u8 = 1;
/// ...is dropped (a setter: the assignment's value is already on the stack).
pub const ACC_DISCARD: u8 = 2;

pub(crate) use generator::{RESUME_NEXT, RESUME_RETURN, RESUME_THROW};

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
        self.kind.trace(work);
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

pub(crate) enum Job {
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
    /// The native id of `Array.prototype.push` and the intrinsic id of `__cm_push`
    /// (`u32::MAX`/`u16::MAX` if absent): the call ops push one value in place.
    pub(crate) push_native: u32,
    pub(crate) push_intrinsic: u16,
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
    /// A generator method's request to resume generator .0 with value .1 in mode .2
    /// (`RESUME_` constants), carried out by the call op that called the method.
    pub gen_resume: Option<(ObjRef, Value, u8)>,
    pub unhandled: Vec<ObjRef>,
    pub last_throw: Option<Location>,
    pub rng: u64,
    /// The clock and time zone Date reads.
    pub date_env: crate::builtins::DateEnv,
    pub is_new: bool,
    /// While a native runs for `new`: the constructor `new` named (a subclass's, through
    /// `super()`), which an abstract built-in (`Iterator`) tells from itself.
    pub new_target: Option<ObjRef>,
    /// Set once the program defines an accessor property: until then no assignment looks
    /// for an inherited setter (the walk up the prototype chain on adding a property).
    pub accessors_defined: bool,
    /// Objects the embedder holds (the program's result promise).
    pub extra_roots: Vec<ObjRef>,
    argbuf: Vec<Value>,
    /// Method lookups answered by a built-in prototype this execution has not written to
    /// (see `Vm::cached_proto_prop`): (prototype, key, value), by the key's address.
    proto_cache: Vec<Option<(ObjRef, JsStr, Value)>>,
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
    /// The object (and whether the number hint applies) whose program-defined valueOf/
    /// toString stopped the running native: the call op converts it in the prelude and
    /// calls the native again (`Vm::retry_with_conversion`).
    pub(crate) pending_conversion: Option<(Value, bool)>,
    /// Frames that may be pushed without `reserve_call`: the lesser of the frame limit and
    /// the frames `Vec`'s capacity, so the call paths grow the stacks only through it.
    pub(crate) frame_room: usize,
    /// Compiled regular expressions of this execution (builtins/regexp.rs).
    pub regex_cache: crate::builtins::RegexCache,
    /// `Symbol.for`'s registry: key string to symbol.
    pub symbol_registry: HashMap<JsStr, JsStr>,
    /// The strings arrays of the tagged templates evaluated so far, by (function, site):
    /// a site gives its tag the same frozen array each time (GetTemplateObject).
    pub template_objects: HashMap<(u32, u32), ObjRef>,
    /// Where the built-in iteration methods were last found in their prototypes' property
    /// lists (see `iter::Vm::slot_holds`).
    pub(crate) iter_slots: [u32; iter::ITER_SLOTS],
}

/// The most built-in conversions that may run inside one another; past it node's RangeError.
const MAX_NESTED_CONVERSIONS: u32 = 64;

/// Bytes of a built-in's error message kept (see `Vm::make_error`); node keeps them all.
pub const MAX_ERROR_MESSAGE: usize = 8192;

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
        let push_native = natives
            .iter()
            .position(|n| n.0 as *const () == crate::builtins::array_push as *const ())
            .map_or(u32::MAX, |i| i as u32);
        let push_intrinsic = crate::builtins::INTRINSICS
            .iter()
            .position(|i| i.0 == "push")
            .map_or(u16::MAX, |i| i as u16);
        Vm {
            heap,
            realm,
            natives,
            push_native,
            push_intrinsic,
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
            gen_resume: None,
            unhandled: Vec::new(),
            last_throw: None,
            rng: 0x2545_f491_4f6c_dd1d,
            is_new: false,
            new_target: None,
            date_env: Default::default(),
            accessors_defined: false,
            extra_roots: Vec::new(),
            argbuf: Vec::new(),
            proto_cache: Vec::new(),
            join_stack: Vec::new(),
            deadline: None,
            inspect_budget: crate::format::INSPECT_MAX,
            conversion_depth: 0,
            pending_conversion: None,
            frame_room: 0,
            regex_cache: Default::default(),
            symbol_registry: HashMap::new(),
            template_objects: HashMap::new(),
            iter_slots: [0; iter::ITER_SLOTS],
        }
    }

    /// What making a closure of function `func` needs, without decoding a prelude
    /// function's code (see funcs.rs).
    pub fn closure_head(&self, func: u32) -> crate::funcs::HeadRef<'_> {
        if func & PROGRAM_BIT == 0 {
            if let Some(head) = self.prelude.funcs.head(func as usize) {
                return head;
            }
        }
        crate::funcs::HeadRef::of(self.code(func))
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

    /// `Op::NewObjectLit`: the object of the top `n` values under the keys
    /// `code.consts[first..]`, its entries made in one allocation of the final size.
    pub(crate) fn new_object_literal(&mut self, code: &FuncCode, first: usize, n: usize) -> ObjRef {
        // What n `InitProp`s count.
        self.heap.charge(n * crate::heap::PROP_COST);
        let start = self.stack.len().saturating_sub(n);
        let keys = code.consts.get(first..first + n).unwrap_or_default();
        let entries: Vec<crate::heap::Prop> = self
            .stack
            .drain(start..)
            .zip(keys)
            .map(|(value, k)| crate::heap::Prop {
                key: match k {
                    Value::Str(s) => s.clone(),
                    _ => JsStr::from_str(""),
                },
                value,
                flags: crate::heap::DEFAULT_FLAGS,
            })
            .collect();
        let mut o = Object::new(Some(self.realm.object_proto), Kind::Ordinary);
        o.props = crate::heap::PropMap::from_distinct(entries);
        self.heap.alloc(o)
    }

    /// The `arguments` object of a call whose arguments start at `base` (to the top of the
    /// stack): an unmapped (strict-mode) arguments object — indexed elements and a
    /// non-enumerable `length`, with Object.prototype as its prototype.
    fn new_arguments(&mut self, base: usize) -> ObjRef {
        let args: Vec<Value> = self.stack.get(base..).unwrap_or(&[]).to_vec();
        self.heap.charge(args.len() * 40 + 64);
        let o = self.new_object();
        let n = args.len();
        // `arguments[Symbol.iterator]` is Array.prototype.values (an own property).
        let key = self.realm.well_known.iterator.clone();
        let values = Value::Obj(self.realm.iter.array_values);
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
        props.insert(key, values, crate::heap::HIDDEN);
        o
    }

    pub fn new_array(&mut self, items: Vec<Value>) -> ObjRef {
        self.heap
            .charge(items.capacity() * crate::limits::ELEMENT_COST);
        let p = self.realm.array_proto;
        self.alloc(Some(p), Kind::Array(items))
    }

    /// An array whose `items` may hold holes (`Value::Empty`): `holes` says whether they can.
    pub fn new_array_with_holes(&mut self, items: Vec<Value>, holes: bool) -> ObjRef {
        let a = self.new_array(items);
        self.heap.get_mut(a).holes = holes;
        a
    }

    /// ArrayCreate(n): an array of `n` holes (the caller reserved it).
    pub fn new_array_of_holes(&mut self, n: usize) -> ObjRef {
        self.new_array_with_holes(vec![Value::Empty; n], n > 0)
    }

    pub fn new_string(&mut self, units: Vec<u16>) -> JsResult<Value> {
        if units.len() > self.limits.max_string_len {
            return Err(self.range_error("Invalid string length"));
        }
        // Built before it was counted: end here rather than let the next one grow further.
        // The string is a copy (one block with its header), made while `units` is held.
        self.ensure_memory(JsStr::cost(units.capacity()).saturating_add(JsStr::cost(units.len())))?;
        self.heap.charge(JsStr::cost(units.len()));
        Ok(Value::Str(JsStr::new(units)))
    }

    /// Counts a new string of `len` units before it is built (the string limit, then the
    /// memory): the caller then builds it in one piece (`JsStr::from_parts`).
    pub fn count_new_string(&mut self, len: usize) -> JsResult<()> {
        if len > self.limits.max_string_len {
            return Err(self.range_error("Invalid string length"));
        }
        self.ensure_memory(JsStr::cost(len))?;
        self.heap.charge(JsStr::cost(len));
        Ok(())
    }

    /// An error object of a built-in's making. Its message is counted as the program's
    /// memory and cut at `MAX_ERROR_MESSAGE` bytes: messages quote the program's keys and
    /// strings, and a loop keeping errors about a 16 M-character key must not hold 16 M
    /// characters per error outside the account.
    pub fn make_error(&mut self, proto: ObjRef, msg: &str) -> Value {
        let full_len = msg.len();
        let msg = if msg.len() > MAX_ERROR_MESSAGE {
            // Both ends kept: the quoted text is in the middle, the reason often at the end
            // ("Invalid regular expression: /…/: Regular expression too large").
            let mut head = MAX_ERROR_MESSAGE / 2;
            while !msg.is_char_boundary(head) {
                head -= 1;
            }
            let mut tail = msg.len() - MAX_ERROR_MESSAGE / 2;
            while !msg.is_char_boundary(tail) {
                tail += 1;
            }
            JsStr::from_str(&format!(
                "{} … ({} bytes omitted) … {}",
                &msg[..head],
                tail - head,
                &msg[tail..]
            ))
        } else {
            JsStr::from_str(msg)
        };
        self.heap.charge(JsStr::cost(msg.len()));
        // Formatting the message copied what it quotes: fuel, so that the next safe point
        // sees the work (a loop catching such errors reaches its deadline check).
        self.fuel = self
            .fuel
            .saturating_sub((full_len / crate::limits::COPY_UNITS_PER_CHARGE) as i64);
        let o = self.alloc(Some(proto), Kind::Error);
        self.heap
            .get_mut(o)
            .props
            .insert(JsStr::from_str("message"), Value::Str(msg), HIDDEN);
        Value::Obj(o)
    }

    pub(crate) fn upval_name(&self, _func: u32, _i: u16) -> String {
        "variable".into()
    }

    pub fn check_len(&mut self, n: usize) -> JsResult<()> {
        if n > self.limits.max_collection_len {
            return Err(self.range_error("Invalid array length"));
        }
        Ok(())
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

mod bigint;
mod call;
mod class;
mod convert;
mod exec;
mod gc;
mod generator;
mod iter;
mod literals;
mod object;
mod operands;
mod operators;
mod private;
mod promise;

pub use convert::TypeofNames;
use operators::{
    arith_code, cmp_code, convert_code, loose_equality_converts, CONVERT_GET_ELEM,
    CONVERT_PROPERTY_KEY, CONVERT_SET_ELEM,
};
pub use operators::{js_pow, js_rem};
