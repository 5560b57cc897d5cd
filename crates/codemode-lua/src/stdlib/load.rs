//! `load` of text chunks: compiled by codemode's own parser and compiler under the
//! execution's limits (source length, nesting), appended to the execution's prototypes.
//! Binary chunks are refused.

use codemode_lua_syntax::ParseLimits;

use super::{Args, Native};
use crate::bytecode::{Op, Proto};
use crate::compiler::{self, ToolRoots};
use crate::value::Value;
use crate::vm::{CallOutcome, Cont, Exit, FrameKind, LResult, Vm};

/// Approximate bytes a prototype holds (counted against the memory limit: prototypes
/// live as long as the execution).
fn proto_bytes(p: &Proto) -> usize {
    256 + p.code.len() * (std::mem::size_of::<Op>() + 8)
        + p.consts.len() * std::mem::size_of::<Value>()
        + p.locvars.len() * 48
        + p.upvals.len() * 16
}

/// `nil, message`, as `load` reports a chunk it cannot load.
fn fail(vm: &mut Vm, msg: &str) -> LResult<Native> {
    let m = vm.new_str(msg.as_bytes())?;
    vm.rets.push(Value::Nil);
    vm.rets.push(m);
    Ok(Native::Ret)
}

/// A `load` reading its chunk from a reader function (resumed after each call of it).
pub struct ReaderState {
    reader: Value,
    mode: String,
    env: Option<Value>,
    text: Vec<u8>,
}

impl ReaderState {
    pub fn mark(&self, mark: &mut dyn FnMut(Value)) {
        mark(self.reader);
        if let Some(e) = self.env {
            mark(e);
        }
    }
}

pub fn load(vm: &mut Vm, a: Args) -> LResult<Native> {
    let chunk = a.get(vm, 0);
    let mode = match a.opt_str(vm, 2)? {
        Some(m) => String::from_utf8_lossy(vm.str(m)).into_owned(),
        None => "bt".to_string(),
    };
    // The chunk name (argument 2) is accepted; every chunk is named `program` in messages.
    let env = (a.n >= 4).then(|| a.get(vm, 3));
    let src = match chunk {
        Value::Str(s) => s,
        // A number is a string here, as lua_tolstring makes it.
        v @ (Value::Int(_) | Value::Float(_)) => match vm.tostring(v)? {
            Value::Str(s) => s,
            _ => return Err(a.type_error(vm, 0, "string")),
        },
        v if vm.type_name(v) == "function" => {
            let func = a.base - 1;
            let st = ReaderState {
                reader: v,
                mode,
                env,
                text: Vec::new(),
            };
            vm.push_cont(Cont::LoadReader(Box::new(st)), func, a.nresults)?;
            return call_reader(vm, func, v);
        }
        _ => return Err(a.type_error(vm, 0, "string")),
    };
    let text = vm.str(src).to_vec();
    load_text(vm, &text, &mode, env)
}

/// Calls the reader for the next piece; its result lands at `func + 1`.
fn call_reader(vm: &mut Vm, func: usize, reader: Value) -> LResult<Native> {
    vm.ensure_stack(func + 3)?;
    vm.stack[func + 1] = reader;
    match vm.call_value(func + 1, 0, 1)? {
        CallOutcome::Done | CallOutcome::Frame => Ok(Native::Frame),
        CallOutcome::Suspend => Ok(Native::Suspend),
    }
}

/// The reader returned (its piece at `func + 1`, the `Cont::LoadReader` frame on top): asks
/// for the next piece, or loads the text when the reader returned nil or "".
pub fn reader_resume(vm: &mut Vm) -> LResult<Option<Exit>> {
    let Some(frame) = vm.frames.last_mut() else {
        return Ok(None);
    };
    let func = frame.func as usize;
    let FrameKind::Cont(Cont::LoadReader(st)) = &mut frame.kind else {
        return Ok(None);
    };
    let piece = vm.stack.get(func + 1).copied().unwrap_or(Value::Nil);
    let done = match piece {
        Value::Nil => true,
        Value::Str(s) => {
            let b = vm.heap.str_bytes(s);
            if b.is_empty() {
                true
            } else if st.text.len() + b.len() > vm.limits.max_source_bytes {
                let msg = format!(
                    "load: a chunk of more than {} bytes is longer than the source limit",
                    vm.limits.max_source_bytes
                );
                return finish(vm, func, Err(msg));
            } else {
                st.text.extend_from_slice(b);
                false
            }
        }
        _ => {
            // Raised by lua5.4's reader with the position of load's caller.
            let msg = match vm.frame_location(1) {
                Some(l) => format!("program:{}: reader function must return a string", l.line),
                None => "reader function must return a string".into(),
            };
            return finish(vm, func, Err(msg));
        }
    };
    if !done {
        let reader = st.reader;
        // Each piece is copied once: charged by its length.
        let n = match piece {
            Value::Str(s) => vm.heap.str_bytes(s).len() as u64,
            _ => 0,
        };
        vm.charge(n / 16 + 1)?;
        return match call_reader(vm, func, reader)? {
            Native::Suspend => Ok(Some(Exit::Suspend)),
            _ => Ok(None),
        };
    }
    let st = std::mem::replace(
        st,
        Box::new(ReaderState {
            reader: Value::Nil,
            mode: String::new(),
            env: None,
            text: Vec::new(),
        }),
    );
    finish(vm, func, Ok(*st))
}

/// Ends a reader `load`: the frame on top returns what `load` returns.
fn finish(vm: &mut Vm, func: usize, r: Result<ReaderState, String>) -> LResult<Option<Exit>> {
    vm.rets.clear();
    match r {
        Ok(st) => {
            load_text(vm, &st.text, &st.mode, st.env)?;
        }
        Err(msg) => {
            fail(vm, &msg)?;
        }
    }
    let n = vm.rets.len();
    vm.ensure_stack(func + n + 1)?;
    for i in 0..n {
        vm.stack[func + i] = vm.rets[i];
    }
    vm.rets.clear();
    vm.do_return(func, n)?;
    Ok(None)
}

/// Loads the text chunk `text` (results in `vm.rets`).
fn load_text(vm: &mut Vm, text: &[u8], mode: &str, env: Option<Value>) -> LResult<Native> {
    let (first, len) = (text.first().copied(), text.len());
    if first == Some(0x1b) {
        let msg = if mode.contains('b') {
            "attempt to load a binary chunk (binary chunks are not supported)".to_string()
        } else {
            format!("attempt to load a binary chunk (mode is '{mode}')")
        };
        return fail(vm, &msg);
    }
    if !mode.contains('t') {
        return fail(
            vm,
            &format!("attempt to load a text chunk (mode is '{mode}')"),
        );
    }
    if len > vm.limits.max_source_bytes {
        let msg = format!(
            "load: a chunk of {} bytes is longer than the source limit of {} bytes",
            len, vm.limits.max_source_bytes
        );
        return fail(vm, &msg);
    }
    // Parsing and compiling are linear in the source: charged before they run.
    vm.charge(len as u64 / 4 + 16)?;
    let Ok(text) = std::str::from_utf8(text).map(str::to_owned) else {
        return fail(vm, "load: the chunk is not valid UTF-8");
    };
    let limits = ParseLimits::from(&vm.limits);
    let chunk = match codemode_lua_syntax::parse(&text, &limits) {
        Ok(c) => c,
        Err(d) => {
            // Positioned as lua5.4 words a load error: `chunkname:LINE: message`.
            let msg = match d.location {
                Some(l) if !d.message.starts_with("program:") => {
                    format!("program:{}: {}", l.line, d.message)
                }
                _ => d.message,
            };
            return fail(vm, &msg);
        }
    };
    let roots = ToolRoots::Globals(Vec::new());
    // A nil env is a table nobody can index, as in lua5.4: globals then fail when used.
    let out = match compiler::compile_in(&chunk, &text, &mut vm.heap, &roots, env) {
        Ok(o) => o,
        Err(d) => return fail(vm, &d.message),
    };
    // Relocate the new prototypes after the execution's and append them.
    let offset = vm.protos.len() as u32;
    let mut protos = out.protos;
    for p in &mut protos {
        for op in p.code.iter_mut() {
            if let Op::Closure { p: pi, .. } = op {
                *pi += offset;
            }
        }
    }
    let bytes: usize = protos.iter().map(proto_bytes).sum();
    let total = vm.protos.len() + protos.len();
    // Copying the prototype table is proportional to its length.
    vm.charge(total as u64)?;
    vm.reserve_memory(bytes + total * std::mem::size_of::<Proto>())?;
    vm.heap.bytes += bytes;
    let mut all = Vec::with_capacity(total);
    all.extend(vm.protos.iter().cloned());
    all.extend(protos);
    vm.protos = all.into();
    let f = vm.heap.new_closure(offset, Box::new([]));
    vm.rets.push(Value::Func(f));
    Ok(Native::Ret)
}
