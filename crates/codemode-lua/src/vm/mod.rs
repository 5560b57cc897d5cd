//! The bytecode VM: a register stack and a frame stack owned by the VM (program calls never
//! recurse natively), fuel metering per basic block, resumable continuation frames for
//! builtins that call back into the program, and suspension on host calls.

pub mod arith;
pub(crate) mod close;
pub mod coroutine;
pub mod cstack;
mod describe;
mod exec;
mod fast;
pub mod meta;
mod ops;
mod parallel;
mod run;
pub(crate) mod shortbuf;

use std::sync::Arc;

use codemode_core::{CallId, Deadline, Diagnostic, DiagnosticKind, HostCall, Location, VmLimits};
use codemode_lua_text::number::Number;

use crate::bytecode::Proto;
use crate::heap::{Heap, Proxy, Upval};
use crate::stdlib::{self, Native};
use crate::value::{StrRef, TableRef, ThreadRef, UpvalRef, Value};

pub use exec::Exit;

/// A failure inside the VM.
#[derive(Debug, Clone)]
pub enum LuaError {
    /// A catchable error carrying a Lua value.
    Value(Value),
    /// A catchable error whose message still needs the position of the current frame
    /// (`program:LINE: `).
    Msg(String),
    /// Uncatchable: the execution ends with this diagnostic.
    Fatal(Diagnostic),
}

pub type LResult<T> = Result<T, LuaError>;

pub fn fatal(kind: DiagnosticKind, msg: impl Into<String>) -> LuaError {
    LuaError::Fatal(Diagnostic::new(kind, msg.into()))
}

/// A continuation: a builtin waiting for a call it made into the program.
pub enum Cont {
    Pcall,
    Xpcall {
        handler: Value,
    },
    /// `xpcall`'s message handler running: the handler sits in the `xpcall`'s own slot
    /// (`func`) meanwhile, as lua5.4 calls it again for an error inside it (the frame's
    /// `pc` counts those calls).
    XpcallHandler,
    Sort(Box<stdlib::table::SortState>),
    Gsub(Box<stdlib::string::GsubState>),
    Print(Box<stdlib::base::PrintState>),
    /// `tostring` or `string.format` calling `__tostring` handlers.
    Tostr(Box<stdlib::tostr::TostrState>),
    /// `pairs` waiting for `__pairs`: returns its first three results.
    Pairs,
    /// A table library function reading or writing through metamethods.
    TableMeta(Box<stdlib::table_meta::TableMetaState>),
    LoadReader(Box<stdlib::load::ReaderState>),
    /// A `resume` (or a `coroutine.wrap` function) waiting for the coroutine it resumed.
    Resume {
        wrap: bool,
    },
    /// The bottom frame of a coroutine: its body returns (or an error unwinds) into it.
    CoroutineBase,
    /// A `__close` call of a `Close` instruction; the frame's `pc` holds the `top` to
    /// restore when it returns.
    CloseVar,
    /// A `__close` call while an error unwinds; the error goes on unwinding after it.
    CloseUnwind {
        err: Box<Value>,
    },
    /// A `parallel` call scheduling its tasks (its state is in the thread's `group`).
    Parallel,
    /// `coroutine.close` calling the `__close` of the closed coroutine's pending
    /// to-be-closed variables, one after another.
    CoClose(Box<close::CoCloseState>),
}

pub enum FrameKind {
    /// `nvarargs`: how many extra arguments a vararg function got (kept here, where it
    /// fills what would be padding, so a frame is 32 bytes).
    Lua {
        closure: u32,
        proto: u32,
        nvarargs: u32,
    },
    Cont(Cont),
}

pub struct Frame {
    pub kind: FrameKind,
    /// Stack slot of the called function; results are moved here.
    pub func: u32,
    /// First register (Lua frames) or first slot a continuation may use.
    pub base: u32,
    pub pc: u32,
    /// Results the caller wants (-1: all).
    pub nresults: i32,
}

const _: () = assert!(std::mem::size_of::<Frame>() == 32);

impl Frame {
    /// The frame of a call to a fixed-arity Lua function in stack slot `func` (its
    /// registers start right after it), wanting `nresults` results (-1: all). Both call
    /// fast paths (`exec.rs`, `fast.rs`) push this.
    #[inline(always)]
    pub fn lua_call(closure: u32, proto: u32, func: usize, nresults: i32) -> Frame {
        Frame {
            kind: FrameKind::Lua {
                closure,
                proto,
                nvarargs: 0,
            },
            func: func as u32,
            base: (func + 1) as u32,
            pc: 0,
            nresults,
        }
    }
}

/// A host call the program waits on.
pub struct Pending {
    pub id: CallId,
    pub func: u32,
    pub nresults: i32,
}

pub struct Vm {
    pub heap: Heap,
    pub stack: Vec<Value>,
    pub frames: Vec<Frame>,
    /// End of the values of the last multi-result call or vararg expansion.
    pub top: usize,
    open_upvals: Vec<(u32, UpvalRef)>,
    /// Stack slots of the running thread's to-be-closed variables, in order.
    pub tbc: Vec<u32>,
    pub globals: TableRef,
    pub string_lib: TableRef,
    /// What `getmetatable` returns for strings (made on first use).
    pub string_meta: Option<TableRef>,
    pub protos: Arc<[Proto]>,
    /// The names of `load`ed chunks for messages: (first prototype of the chunk, its name
    /// as lua5.4's `luaO_chunkid` shows it), in prototype order. Prototypes below the first
    /// are the program's own (`program`). Kept beside the prototypes, not in them, so a call
    /// reads no larger a `Proto`.
    pub chunk_names: Vec<(u32, Arc<[u8]>)>,
    /// Fuel left in this slice (may go negative when a builtin overdraws).
    pub fuel: i64,
    /// Fuel spent by earlier slices.
    pub fuel_used: u64,
    pub slice_budget: i64,
    pub limits: VmLimits,
    /// Results of the builtin that just returned.
    pub rets: Vec<Value>,
    pub logs: Vec<String>,
    pub calls: Vec<HostCall>,
    pub pending: Option<Pending>,
    pub next_call_id: u64,
    pub rng: codemode_lua_text::Random,
    /// Where the last catchable error was raised (for the final diagnostic).
    pub error_loc: Option<Location>,
    pub names: stdlib::Names,
    /// When the execution must end; long builtins check it as they charge fuel.
    pub deadline: Option<Deadline>,
    /// Fuel builtins may still charge before the clock is read again.
    until_deadline_check: i64,
    /// Frames that may be pushed without a check: `max_frames`, or less while the frame
    /// stack's allocation has not grown (its growth is counted as memory first).
    pub frame_cap: usize,
    /// The running thread (the main thread or a coroutine).
    pub current: ThreadRef,
    pub main: ThreadRef,
    /// Host calls of parked `parallel` tasks: call id and the thread that waits on it.
    pub task_calls: std::collections::HashMap<u64, ThreadRef>,
    /// lua5.4's C-stack level of the running thread (see `cstack`).
    pub c_calls: u32,
    /// The level the running thread was resumed at: pops stop there (see `cstack`).
    pub c_floor: u32,
    /// The error being raised is a frame-limit "stack overflow": a message handler that
    /// overflows is not called again for it (lua5.4's LUA_ERRERR for an overflow while
    /// handling one).
    pub frame_overflow: bool,
}

/// Fuel charged by builtins between two reads of the clock. Builtins charge about one
/// unit per 4-16 bytes or per element they touch, so this is well under a millisecond
/// of work; the VM's own instructions are covered by the driver between slices.
const DEADLINE_EVERY: i64 = 1 << 14;

/// Capacity of the builtin-results buffer kept between calls.
const RETS_KEPT: usize = 1024;

impl Vm {
    pub fn new(
        heap: Heap,
        protos: Arc<[Proto]>,
        globals: TableRef,
        string_lib: TableRef,
        names: stdlib::Names,
        limits: VmLimits,
        start: codemode_core::StartOptions,
    ) -> Vm {
        let seed = start.seed.unwrap_or(crate::DEFAULT_SEED);
        let deadline = start.deadline;
        let mut heap = heap;
        let main = heap.new_thread(coroutine::Thread::new(Default::default(), true));
        let mut vm = Vm {
            heap,
            stack: Vec::new(),
            frames: Vec::with_capacity(16),
            top: 0,
            open_upvals: Vec::new(),
            tbc: Vec::new(),
            globals,
            string_lib,
            string_meta: None,
            protos,
            chunk_names: Vec::new(),
            fuel: 0,
            fuel_used: 0,
            slice_budget: 0,
            limits,
            rets: Vec::with_capacity(8),
            logs: Vec::new(),
            calls: Vec::new(),
            pending: None,
            next_call_id: 1,
            rng: codemode_lua_text::Random::seeded(seed as i64, 0),
            error_loc: None,
            names,
            deadline,
            until_deadline_check: DEADLINE_EVERY,
            frame_cap: 0,
            current: main,
            main,
            task_calls: std::collections::HashMap::new(),
            c_calls: cstack::MAIN_LEVEL,
            c_floor: cstack::MAIN_LEVEL,
            frame_overflow: false,
        };
        vm.frame_cap = vm.frames.capacity().min(vm.limits.max_frames);
        // The main chunk: a closure with no upvalues at slot 0.
        let main = vm.heap.new_closure(0, Box::new([]));
        // The main chunk's register window (see `exec::WINDOW`), allocated once.
        let max = vm.protos.first().map(|p| p.max_stack as usize).unwrap_or(0);
        let len = 1 + exec::WINDOW.max(max + 8);
        vm.stack.reserve_exact(len);
        vm.stack.push(Value::Func(main));
        vm.top = 1;
        vm.stack.resize(len, Value::Nil);
        vm.frames.push(Frame {
            kind: FrameKind::Lua {
                closure: main.0,
                proto: 0,
                nvarargs: 0,
            },
            func: 0,
            base: 1,
            pc: 0,
            nresults: -1,
        });
        vm
    }

    // ---- fuel ----

    /// Fuel still available to the whole execution.
    pub fn total_fuel_left(&self) -> u64 {
        let spent_now = (self.slice_budget - self.fuel).max(0) as u64;
        self.limits
            .max_fuel
            .saturating_sub(self.fuel_used.saturating_add(spent_now))
    }

    /// Charges `n` units for work a builtin did (or is about to do); fails when the
    /// execution's budget is gone or its deadline has passed.
    #[inline]
    pub fn charge(&mut self, n: u64) -> LResult<()> {
        let n = n.min(i64::MAX as u64) as i64;
        self.fuel = self.fuel.saturating_sub(n);
        self.until_deadline_check = self.until_deadline_check.saturating_sub(n);
        if self.fuel < 0 || self.until_deadline_check < 0 {
            return self.charge_slow();
        }
        Ok(())
    }

    #[cold]
    fn charge_slow(&mut self) -> LResult<()> {
        if self.until_deadline_check < 0 {
            self.until_deadline_check = DEADLINE_EVERY;
            self.check_deadline()?;
        }
        if self.fuel < 0 && self.total_fuel_left() == 0 {
            return Err(out_of_fuel());
        }
        Ok(())
    }

    /// Ends the execution (uncatchably) if its deadline has passed.
    pub fn check_deadline(&self) -> LResult<()> {
        match self.deadline {
            Some(d) if d.passed() => Err(LuaError::Fatal(d.diagnostic())),
            _ => Ok(()),
        }
    }

    /// The error for a text algorithm's meter that ran dry: the deadline if that is
    /// what stopped it, else fuel.
    pub fn meter_exhausted(&self, m: &codemode_lua_text::Meter) -> LuaError {
        match self.deadline {
            Some(d) if m.timed_out() => LuaError::Fatal(d.diagnostic()),
            _ => out_of_fuel(),
        }
    }

    // ---- strings ----

    pub fn str(&self, s: StrRef) -> &[u8] {
        self.heap.str_bytes(s)
    }

    /// Interns a new string after checking it against the length limit.
    pub fn new_str(&mut self, b: &[u8]) -> LResult<Value> {
        self.check_len(b.len())?;
        self.charge_copy(b.len())?;
        Ok(Value::Str(self.heap.intern(b)))
    }

    #[inline]
    pub fn new_str_vec(&mut self, b: Vec<u8>) -> LResult<Value> {
        self.check_len(b.len())?;
        self.charge_copy(b.len())?;
        Ok(Value::Str(self.heap.intern_vec(b)))
    }

    /// A new string of `len` bytes that `fill` writes (reading the VM): a short one is
    /// built on the stack and costs no allocation when it is interned already; a long one
    /// is allocated once, at its size.
    #[inline]
    pub fn new_str_filled(
        &mut self,
        len: usize,
        fill: impl FnOnce(&Vm, &mut [u8]),
    ) -> LResult<Value> {
        const SHORT: usize = shortbuf::SMALL;
        self.check_len(len)?;
        self.charge_copy(len)?;
        if len <= SHORT {
            let mut buf = [0u8; SHORT];
            let out = &mut buf[..len];
            fill(self, out);
            Ok(Value::Str(self.heap.intern(out)))
        } else {
            let mut v = vec![0u8; len];
            fill(self, &mut v);
            Ok(Value::Str(self.heap.intern_vec(v)))
        }
    }

    /// Fuel for building (copying, hashing) a long string of `len` bytes: a library call
    /// that makes one is one instruction, whatever its length. Short strings cost nothing
    /// here (their instructions are the cost).
    #[inline]
    fn charge_copy(&mut self, len: usize) -> LResult<()> {
        if len > 256 {
            self.charge(len as u64 / 64)?;
        }
        Ok(())
    }

    /// Records one `print` line.
    pub fn log(&mut self, line: String) -> LResult<()> {
        self.logs.push(line);
        Ok(())
    }

    /// The bounds of an export of this execution's values (tool inputs, the result,
    /// `json.encode`): a shared reference is copied each time it appears, so the expanded
    /// size is bounded by the memory limit.
    pub fn export_limits(&self) -> codemode_data::ExportLimits {
        codemode_data::ExportLimits::within_memory(self.limits.max_memory_bytes)
            .with_deadline(self.deadline)
    }

    /// The uncatchable string-limit error for a string whose exact length is not known
    /// (the builder stopped at the limit).
    pub fn too_long(&self) -> LuaError {
        fatal(
            DiagnosticKind::ExecutionFailure,
            format!(
                "string length limit exceeded: the string being built is longer than the limit of {} bytes",
                self.limits.max_string_len
            ),
        )
    }

    pub fn check_len(&self, n: usize) -> LResult<()> {
        if n > self.limits.max_string_len {
            return Err(fatal(
                DiagnosticKind::ExecutionFailure,
                format!(
                    "string length limit exceeded: a string of {n} bytes is longer than the limit of {} bytes",
                    self.limits.max_string_len
                ),
            ));
        }
        Ok(())
    }

    /// `tostring` without metamethods, appended to `out`.
    pub fn write_tostring(&self, out: &mut Vec<u8>, v: Value) {
        match v {
            Value::Nil => out.extend_from_slice(b"nil"),
            Value::Bool(b) => out.extend_from_slice(if b { b"true" } else { b"false" }),
            Value::Int(_) | Value::Float(_) => arith::write_number(out, v),
            Value::Str(s) => out.extend_from_slice(self.heap.str_bytes(s)),
            Value::Table(t) => {
                out.extend_from_slice(format!("table: 0x{:08x}", 0x1000 + t.0).as_bytes())
            }
            Value::Func(f) => out
                .extend_from_slice(format!("function: 0x{:08x}", 0x8000_0000u32 | f.0).as_bytes()),
            Value::Builtin(b) => {
                out.extend_from_slice(format!("function: builtin: 0x{:04x}", b.0).as_bytes())
            }
            Value::Proxy(p) => match self.heap.proxies.get(p.0) {
                Proxy::Tool(path) => {
                    out.extend_from_slice(b"tool: ");
                    out.extend_from_slice(path.join(".").as_bytes());
                }
                Proxy::Search => out.extend_from_slice(b"function: builtin: search"),
                Proxy::Gmatch { .. } => out.extend_from_slice(
                    format!("function: 0x{:08x}", 0x4000_0000u32 | p.0).as_bytes(),
                ),
                Proxy::Extension(n) => {
                    out.extend_from_slice(b"function: builtin: ");
                    out.extend_from_slice(n.as_bytes());
                }
                Proxy::Wrap(_) => out.extend_from_slice(
                    format!("function: 0x{:08x}", 0x4000_0000u32 | p.0).as_bytes(),
                ),
            },
            Value::JsonNull => out.extend_from_slice(b"null"),
            Value::Thread(t) => {
                out.extend_from_slice(format!("thread: 0x{:08x}", 0x2000_0000u32 | t.0).as_bytes())
            }
        }
    }

    pub fn tostring(&mut self, v: Value) -> LResult<Value> {
        if let Value::Str(_) = v {
            return Ok(v);
        }
        let mut out = Vec::new();
        self.write_tostring(&mut out, v);
        self.new_str_vec(out)
    }

    pub fn type_name(&self, v: Value) -> &'static str {
        match v {
            Value::Proxy(p) => match self.heap.proxies.get(p.0) {
                Proxy::Tool(_) => "userdata",
                _ => "function",
            },
            _ => v.type_name(),
        }
    }

    pub fn to_number(&self, v: Value) -> Option<Number> {
        arith::to_number(&self.heap, v)
    }

    // ---- upvalues ----

    pub fn find_upval(&mut self, slot: u32) -> UpvalRef {
        // open_upvals is sorted by slot.
        match self.open_upvals.binary_search_by_key(&slot, |(s, _)| *s) {
            Ok(i) => self.open_upvals[i].1,
            Err(i) => {
                let u = self.heap.new_upval(Upval::Open(slot));
                self.open_upvals.insert(i, (slot, u));
                u
            }
        }
    }

    pub fn close_upvals(&mut self, level: u32) {
        while let Some(&(slot, u)) = self.open_upvals.last() {
            if slot < level {
                break;
            }
            let v = self.stack.get(slot as usize).copied().unwrap_or(Value::Nil);
            *self.heap.upvals.get_mut(u.0) = Upval::Closed(v);
            self.open_upvals.pop();
        }
    }

    #[inline]
    pub fn get_upval(&self, u: UpvalRef) -> Value {
        match *self.heap.upvals.get(u.0) {
            Upval::Open(i) => self.stack[i as usize],
            Upval::Closed(v) => v,
            Upval::Parked(t, i) => self.parked_value(t, i),
        }
    }

    #[inline]
    pub fn set_upval(&mut self, u: UpvalRef, v: Value) {
        match self.heap.upvals.get_mut(u.0) {
            Upval::Open(i) => {
                let i = *i as usize;
                self.stack[i] = v;
            }
            Upval::Closed(c) => *c = v,
            &mut Upval::Parked(t, i) => self.set_parked(t, i, v),
        }
    }

    // ---- stack ----

    #[inline]
    pub fn ensure_stack(&mut self, n: usize) -> LResult<()> {
        if self.stack.len() < n {
            return self.grow_stack(n);
        }
        Ok(())
    }

    /// [`Vm::ensure_stack`]'s rare part, out of line so every call site keeps one compare.
    #[cold]
    fn grow_stack(&mut self, n: usize) -> LResult<()> {
        if n > 1 << 24 {
            return Err(fatal(DiagnosticKind::ExecutionFailure, "stack overflow"));
        }
        let new_len = n.max(self.stack.len() * 2);
        // Checked before it is allocated: the stack alone never passes the limit (the
        // rest of the heap is checked at the next collection, which may free garbage
        // counted in `heap.bytes` now).
        let size = new_len * std::mem::size_of::<Value>();
        if size > self.limits.max_memory_bytes {
            self.out_of_memory(size)?;
        }
        self.heap.bytes += (new_len - self.stack.len()) * std::mem::size_of::<Value>();
        self.stack.resize(new_len, Value::Nil);
        Ok(())
    }

    pub fn arg(&self, base: usize, nargs: usize, i: usize) -> Value {
        if i < nargs {
            self.stack.get(base + i).copied().unwrap_or(Value::Nil)
        } else {
            Value::Nil
        }
    }

    // ---- calls ----

    /// Before a frame is pushed: a catchable "stack overflow" past `max_frames` (as lua5.4
    /// raises past its stack limit), and the frame stack's growth counted against the
    /// memory limit before it is allocated.
    fn check_frames(&mut self) -> LResult<()> {
        let n = self.frames.len();
        if n >= self.limits.max_frames {
            self.frame_overflow = true;
            return Err(LuaError::Msg("stack overflow".into()));
        }
        if n == self.frames.capacity() {
            self.grow_frames()?;
        }
        Ok(())
    }

    #[cold]
    fn grow_frames(&mut self) -> LResult<()> {
        let n = self.frames.len();
        let new_cap = (n * 2).clamp(16, self.limits.max_frames.max(16));
        let extra = (new_cap - n) * std::mem::size_of::<Frame>();
        self.reserve_memory(extra)?;
        self.heap.bytes += extra;
        self.frames.reserve_exact(new_cap - n);
        self.frame_cap = self.frames.capacity().min(self.limits.max_frames);
        Ok(())
    }

    /// Calls the value at `func` with `nargs` arguments after it. Lua functions get a new
    /// frame (the caller's loop picks it up); builtins run now; host objects suspend.
    pub fn call_value(&mut self, func: usize, nargs: usize, nresults: i32) -> LResult<CallOutcome> {
        // Matched by reference: the slot was usually written just before the call, and a
        // whole-value reload of it would stall on store forwarding.
        let cl = match &self.stack[func] {
            Value::Func(cl) => Some(*cl),
            _ => None,
        };
        let f = match cl {
            Some(cl) => Value::Func(cl),
            None => self.stack[func],
        };
        match f {
            Value::Func(cl) => {
                self.check_frames()?;
                let proto_idx = cl.1;
                let (nparams, max_stack, is_vararg) = {
                    let p = &self.protos[proto_idx as usize];
                    (p.num_params as usize, p.max_stack as usize, p.is_vararg)
                };
                let mut nargs = nargs;
                if nargs < nparams {
                    self.ensure_stack(func + 1 + nparams)?;
                    for i in nargs..nparams {
                        self.stack[func + 1 + i] = Value::Nil;
                    }
                    nargs = nparams;
                }
                // Registers above the parameters need no clearing: the compiler writes
                // every register before reading it.
                let (base, nvarargs) = if is_vararg {
                    let nvar = nargs - nparams;
                    let base = func + 1 + nargs;
                    self.ensure_stack(base + max_stack + 1)?;
                    for i in 0..nparams {
                        self.stack[base + i] = self.stack[func + 1 + i];
                    }
                    (base, nvar)
                } else {
                    let base = func + 1;
                    self.ensure_stack(base + max_stack + 1)?;
                    (base, 0)
                };
                if nresults == meta::MM_RESULT {
                    // A metamethod run for an instruction: a C level in lua5.4.
                    self.enter_c(cstack::CLevel::Checked, 1)?;
                }
                self.frames.push(Frame {
                    kind: FrameKind::Lua {
                        closure: cl.0,
                        proto: proto_idx,
                        nvarargs: nvarargs as u32,
                    },
                    func: func as u32,
                    base: base as u32,
                    pc: 0,
                    nresults,
                });
                Ok(CallOutcome::Frame)
            }
            Value::Builtin(id) => {
                self.rets.clear();
                match stdlib::call_builtin(self, id, func + 1, nargs, nresults)? {
                    Native::Ret => {
                        self.place_rets(func, nresults)?;
                        Ok(CallOutcome::Done)
                    }
                    Native::Frame => Ok(CallOutcome::Frame),
                    Native::Suspend => Ok(CallOutcome::Suspend),
                }
            }
            Value::Proxy(p) => crate::host::call_proxy(self, p, func, nargs, nresults),
            Value::Table(_) => self.call_via_metamethod(func, nargs, nresults),
            _ => Err(LuaError::Msg(format!(
                "attempt to call a {} value",
                self.type_name(f)
            ))),
        }
    }

    /// Calls the table at `func` through its `__call`: the handler is called with the object
    /// before the arguments. A handler that is itself a table with a `__call` is followed
    /// in a loop (a chain, as lua5.4 follows it; each step adds an argument, so the stack
    /// and memory limits bound the chain).
    #[cold]
    fn call_via_metamethod(
        &mut self,
        func: usize,
        nargs: usize,
        nresults: i32,
    ) -> LResult<CallOutcome> {
        let mut nargs = nargs;
        loop {
            let f = self.stack[func];
            let h = self.metamethod(f, meta::Event::Call);
            if h.is_nil() {
                return Err(LuaError::Msg(format!(
                    "attempt to call a {} value",
                    self.type_name(f)
                )));
            }
            self.charge(1 + nargs as u64 / 16)?;
            self.ensure_stack(func + nargs + 3)?;
            self.stack.copy_within(func..func + nargs + 1, func + 1);
            self.stack[func] = h;
            nargs += 1;
            if !matches!(h, Value::Table(_)) {
                return self.call_value(func, nargs, nresults);
            }
        }
    }

    /// Moves the builtin results in `rets` to `func`, adjusted to `nresults`.
    pub fn place_rets(&mut self, func: usize, nresults: i32) -> LResult<()> {
        let n = self.rets.len();
        // The common case: one result, wanted once (its slot exists: it held the callee).
        if let ([v], 1) = (&self.rets[..], nresults) {
            if func + 2 <= self.stack.len() && self.rets.capacity() <= RETS_KEPT {
                if let Some(slot) = self.stack.get_mut(func) {
                    *slot = *v;
                    self.top = func + 1;
                    return Ok(());
                }
            }
        }
        let want = match nresults {
            -1 => n,
            meta::MM_RESULT => 1,
            r => r as usize,
        };
        self.ensure_stack(func + want.max(n) + 1)?;
        for i in 0..want {
            self.stack[func + i] = if i < n { self.rets[i] } else { Value::Nil };
        }
        self.top = func + want;
        if self.rets.capacity() > RETS_KEPT {
            // A builtin returned very many values: give the buffer back (it is not counted
            // as heap memory, so it must not stay large).
            self.rets = Vec::with_capacity(8);
        }
        Ok(())
    }

    /// Pushes a continuation frame for a builtin at `func` that will call into the program.
    /// It takes a C level (see `cstack`): past the limit, a positionless "C stack overflow"
    /// (lua5.4 raises it in the C function) or, for a `__close` of a `Close` instruction,
    /// one the caller positions.
    pub fn push_cont(&mut self, cont: Cont, func: usize, nresults: i32) -> LResult<()> {
        self.check_frames()?;
        let levels = match cont {
            Cont::XpcallHandler => cstack::HANDLER_LEVELS,
            _ => 1,
        };
        if let Err(e) = self.enter_c(cont.c_level(), levels) {
            return Err(match (e, &cont) {
                (e, Cont::CloseVar) => e,
                (LuaError::Msg(m), _) => {
                    self.error_loc = self.frame_location(0);
                    LuaError::Value(Value::Str(self.heap.intern(m.as_bytes())))
                }
                (e, _) => e,
            });
        }
        self.frames.push(Frame {
            kind: FrameKind::Cont(cont),
            func: func as u32,
            base: func as u32 + 1,
            pc: 0,
            nresults,
        });
        Ok(())
    }

    /// Returns `n` values starting at `src` from the top frame to its caller.
    pub fn do_return(&mut self, src: usize, n: usize) -> LResult<()> {
        let Some(frame) = self.pop_frame() else {
            return Ok(());
        };
        if let FrameKind::Lua { .. } = frame.kind {
            self.close_upvals(frame.base.min(frame.func + 1));
        }
        let func = frame.func as usize;
        let want = match frame.nresults {
            -1 => n,
            meta::MM_RESULT => 1,
            r => r as usize,
        };
        self.ensure_stack(func + want + 1)?;
        for i in 0..want {
            self.stack[func + i] = if i < n {
                self.stack[src + i]
            } else {
                Value::Nil
            };
        }
        self.top = func + want;
        if frame.nresults == meta::MM_RESULT {
            let v = self.stack[func];
            self.finish_op(v)?;
        }
        Ok(())
    }

    // ---- errors ----

    /// The location of the current instruction of the innermost Lua frame at or below
    /// frame index `level` (counted from the top, 0 = top).
    pub fn frame_location(&self, level: usize) -> Option<Location> {
        let idx = self.frames.len().checked_sub(1 + level)?;
        let f = &self.frames[idx];
        if let FrameKind::Lua { proto, .. } = f.kind {
            let p = &self.protos[proto as usize];
            let pc = (f.pc as usize).saturating_sub(1);
            let line = p.lines.get(pc).copied().unwrap_or(p.line_defined);
            let column = p.columns.get(pc).copied().unwrap_or(1);
            return Some(Location::new(line, column));
        }
        None
    }

    /// The chunk name of prototype `proto` in messages.
    pub fn chunk_name(&self, proto: u32) -> &[u8] {
        let i = self
            .chunk_names
            .partition_point(|(first, _)| *first <= proto);
        match i.checked_sub(1).and_then(|i| self.chunk_names.get(i)) {
            Some((_, name)) => name,
            None => b"program",
        }
    }

    /// `chunkname:LINE: ` of the frame `level` below the top (as [`Vm::frame_location`]),
    /// the prefix lua5.4's `luaL_where` gives messages; with that location.
    pub fn frame_where(&self, level: usize) -> Option<(Location, Vec<u8>)> {
        let loc = self.frame_location(level)?;
        let idx = self.frames.len().checked_sub(1 + level)?;
        let name: &[u8] = match self.frames[idx].kind {
            FrameKind::Lua { proto, .. } => self.chunk_name(proto),
            _ => b"program",
        };
        let mut out = Vec::with_capacity(name.len() + 16);
        out.extend_from_slice(name);
        out.extend_from_slice(format!(":{}: ", loc.line).as_bytes());
        Some((loc, out))
    }

    /// Turns a positionless message into an error value with `chunkname:LINE:` of the top
    /// frame (if it is a Lua frame).
    pub fn locate(&mut self, e: LuaError) -> LuaError {
        match e {
            LuaError::Msg(m) => {
                let at = self.frame_where(0);
                let loc = at.as_ref().map(|a| a.0);
                let text = match at {
                    Some((_, mut w)) => {
                        w.extend_from_slice(m.as_bytes());
                        w
                    }
                    None => m.into_bytes(),
                };
                self.error_loc = loc.or(self.error_loc);
                let s = self.heap.intern_vec(text);
                LuaError::Value(Value::Str(s))
            }
            other => other,
        }
    }

    // ---- collection ----

    /// Collects garbage and enforces the memory limit. Call only at safe points.
    pub fn collect(&mut self) -> LResult<()> {
        let Vm {
            heap,
            stack,
            frames,
            open_upvals,
            globals,
            string_lib,
            string_meta,
            rets,
            protos,
            names,
            current,
            main,
            ..
        } = self;
        let (current, main) = (*current, *main);
        let globals = *globals;
        let string_lib = *string_lib;
        heap.collect(&mut |mark, mark_up| {
            for v in stack.iter() {
                mark(*v);
            }
            for v in rets.iter() {
                mark(*v);
            }
            mark(Value::Table(globals));
            mark(Value::Table(string_lib));
            if let Some(t) = string_meta {
                mark(Value::Table(*t));
            }
            names.mark(&mut *mark);
            for (_, u) in open_upvals.iter() {
                mark_up(*u);
            }
            mark_frames(frames, &mut *mark);
            mark(Value::Thread(current));
            mark(Value::Thread(main));
            for p in protos.iter() {
                for k in &p.consts {
                    mark(*k);
                }
            }
        });
        // Collect again before the limit is passed, so the limit is checked in time.
        let max = self.limits.max_memory_bytes;
        let live = self.heap.bytes;
        self.heap.threshold = self
            .heap
            .threshold
            .min(max)
            .max(live.saturating_add((max / 16).min(1 << 20)));
        self.check_memory()
    }

    pub fn check_memory(&self) -> LResult<()> {
        // The frame stack's growth is in `heap.bytes` (see `grow_frames`).
        let used = self.heap.bytes;
        if used > self.limits.max_memory_bytes {
            return self.out_of_memory(used);
        }
        Ok(())
    }

    /// Before a builtin returns `n` values: they are held twice for a moment (the results
    /// buffer, then the caller's stack slots), which is counted against the memory limit
    /// before either is allocated. The builtin's inputs are on the stack, so collecting
    /// here is safe.
    pub fn reserve_results(&mut self, n: usize) -> LResult<()> {
        self.reserve_memory(n.saturating_mul(2 * std::mem::size_of::<Value>()))?;
        self.rets.reserve(n);
        Ok(())
    }

    /// Before a builtin allocates `need` bytes outside the heap for a moment: fails (after
    /// a collection, if that is what it takes) when the heap and them pass the limit.
    /// Only where the builtin's inputs are on the stack (collecting is then safe).
    pub fn reserve_memory(&mut self, need: usize) -> LResult<()> {
        let max = self.limits.max_memory_bytes;
        if self.heap.bytes.saturating_add(need) > max {
            self.collect()?;
            if self.heap.bytes.saturating_add(need) > max {
                return self.out_of_memory(self.heap.bytes.saturating_add(need));
            }
        }
        Ok(())
    }

    /// Fails when the heap and `extra` bytes held outside it pass the limit, without
    /// collecting (for a caller holding values the collector cannot see).
    pub fn check_memory_with(&self, extra: usize) -> LResult<()> {
        let used = self.heap.bytes.saturating_add(extra);
        if used > self.limits.max_memory_bytes {
            return self.out_of_memory(used);
        }
        Ok(())
    }

    fn out_of_memory(&self, used: usize) -> LResult<()> {
        Err(fatal(
            DiagnosticKind::ExecutionFailure,
            format!(
                "not enough memory: the program holds {} bytes, more than the limit of {} bytes",
                used, self.limits.max_memory_bytes
            ),
        ))
    }

    /// At a safe point: collect if the allocation debt is due.
    #[inline]
    pub fn maybe_collect(&mut self) -> LResult<()> {
        if self.heap.debt_exceeded() {
            self.collect()?;
        }
        Ok(())
    }
}

/// Reports what frames hold: their closures and the values continuations keep.
pub fn mark_frames(frames: &[Frame], mark: &mut dyn FnMut(Value)) {
    for f in frames {
        match &f.kind {
            FrameKind::Lua { closure, proto, .. } => {
                mark(Value::Func(crate::value::FuncRef(*closure, *proto)))
            }
            FrameKind::Cont(c) => match c {
                Cont::Xpcall { handler } => mark(*handler),
                Cont::CloseUnwind { err } => mark(**err),
                Cont::Sort(s) => s.mark(&mut *mark),
                Cont::Gsub(g) => g.mark(&mut *mark),
                Cont::Tostr(t) => t.mark(&mut *mark),
                Cont::TableMeta(t) => t.mark(&mut *mark),
                Cont::LoadReader(r) => r.mark(&mut *mark),
                Cont::CoClose(c) => c.mark(&mut *mark),
                _ => {}
            },
        }
    }
}

pub enum CallOutcome {
    /// A builtin returned; its results are in place.
    Done,
    /// A new frame is on top (a Lua function, or a builtin's continuation).
    Frame,
    /// The program waits on a host call.
    Suspend,
}

pub fn out_of_fuel() -> LuaError {
    fatal(
        DiagnosticKind::TimeoutExceeded,
        "instruction budget exhausted: the program ran too long",
    )
}
