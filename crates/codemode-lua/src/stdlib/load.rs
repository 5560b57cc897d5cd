//! `load` of text chunks: compiled by codemode's own parser and compiler under the
//! execution's limits (source length, nesting), appended to the execution's prototypes.
//! Binary chunks are refused.

use codemode_lua_syntax::ParseLimits;

use std::sync::Arc;

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
fn fail(vm: &mut Vm, msg: impl AsRef<[u8]>) -> LResult<Native> {
    let m = vm.new_str(msg.as_ref())?;
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
    /// The chunk name as messages show it.
    chunk: Arc<[u8]>,
}

impl ReaderState {
    pub fn mark(&self, mark: &mut dyn FnMut(Value)) {
        mark(self.reader);
        if let Some(e) = self.env {
            mark(e);
        }
    }
}

/// LUA_IDSIZE: the longest chunk name messages show, terminator included.
const ID_SIZE: usize = 60;

/// The chunk name messages show for the chunk named `source`, as lua5.4's `luaO_chunkid`:
/// `=name` is `name`, `@file` is `file` (both cut to fit, a file name from its end), any
/// other name is `[string "first line..."]`.
pub fn chunk_id(source: &[u8]) -> Vec<u8> {
    let srclen = source.len();
    match source.first() {
        Some(b'=') => source[1..].iter().take(ID_SIZE - 1).copied().collect(),
        Some(b'@') => {
            if srclen <= ID_SIZE {
                source[1..].to_vec()
            } else {
                // "..." and the name's last bytes (the terminator takes one of ID_SIZE).
                let keep = ID_SIZE - 3 - 1;
                let mut out = b"...".to_vec();
                out.extend_from_slice(&source[srclen - keep..]);
                out
            }
        }
        _ => {
            // Room left after `[string "`, `..."]` and the terminator.
            let room = ID_SIZE - (9 + 3 + 2) - 1;
            // Only a newline within the room changes the id: the search stops there (a
            // 16 MiB chunk is named in constant time).
            let nl = source.iter().take(room).position(|&b| b == b'\n');
            let mut out = b"[string \"".to_vec();
            if srclen < room && nl.is_none() {
                out.extend_from_slice(source);
            } else {
                let n = nl.unwrap_or(srclen).min(room);
                out.extend_from_slice(&source[..n]);
                out.extend_from_slice(b"...");
            }
            out.extend_from_slice(b"\"]");
            out
        }
    }
}

pub fn load(vm: &mut Vm, a: Args) -> LResult<Native> {
    let chunk = a.get(vm, 0);
    let mode = match a.opt_str(vm, 2)? {
        Some(m) => String::from_utf8_lossy(vm.str(m)).into_owned(),
        None => "bt".to_string(),
    };
    let name = a.opt_str(vm, 1)?;
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
            let id = match name {
                Some(n) => chunk_id(vm.str(n)),
                None => chunk_id(b"=(load)"),
            };
            let st = ReaderState {
                reader: v,
                mode,
                env,
                text: Vec::new(),
                chunk: id.into(),
            };
            vm.push_cont(Cont::LoadReader(Box::new(st)), func, a.nresults)?;
            return call_reader(vm, func, v);
        }
        _ => return Err(a.type_error(vm, 0, "string")),
    };
    // The chunk is copied before its length is checked: the copy is charged.
    vm.charge(vm.str(src).len() as u64 / 16)?;
    let text = vm.str(src).to_vec();
    // Without a name the chunk is named by its own text.
    let id = chunk_id(vm.str(name.unwrap_or(src)));
    load_text(vm, &text, &mode, env, id.into())
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
                return finish(vm, func, Err(msg.into_bytes()));
            } else {
                st.text.extend_from_slice(b);
                false
            }
        }
        _ => {
            // Raised by lua5.4's reader with the position of load's caller.
            let mut msg = vm.frame_where(1).map(|w| w.1).unwrap_or_default();
            msg.extend_from_slice(b"reader function must return a string");
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
            chunk: Arc::from(&b""[..]),
        }),
    );
    finish(vm, func, Ok(*st))
}

/// Ends a reader `load`: the frame on top returns what `load` returns.
fn finish(vm: &mut Vm, func: usize, r: Result<ReaderState, Vec<u8>>) -> LResult<Option<Exit>> {
    vm.rets.clear();
    match r {
        Ok(st) => {
            load_text(vm, &st.text, &st.mode, st.env, st.chunk)?;
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
fn load_text(
    vm: &mut Vm,
    text: &[u8],
    mode: &str,
    env: Option<Value>,
    name: Arc<[u8]>,
) -> LResult<Native> {
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
            format!("attempt to load a text chunk (mode is '{mode}')"),
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
    // Bytes that are not UTF-8 (in string literals, as `%q` writes them) keep their meaning,
    // as for the program's own source.
    let text = codemode_lua_syntax::source_from_bytes(text).into_owned();
    let limits = ParseLimits::from(&vm.limits);
    let chunk = match codemode_lua_syntax::parse(&text, &limits) {
        Ok(c) => c,
        Err(d) => {
            // Positioned as lua5.4 words a load error: `chunkname:LINE: message`.
            let msg = match d.location {
                Some(l) if !d.message.starts_with("program:") => {
                    let mut m = name.to_vec();
                    m.extend_from_slice(format!(":{}: {}", l.line, d.message).as_bytes());
                    m
                }
                _ => d.message.into_bytes(),
            };
            return fail(vm, &msg);
        }
    };
    let roots = ToolRoots::Globals(Vec::new());
    // A nil env is a table nobody can index, as in lua5.4: globals then fail when used.
    let out = match compiler::compile_in(
        &chunk,
        &text,
        &mut vm.heap,
        &roots,
        env,
        Some(name.clone()),
        vm.globals,
    ) {
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
    let chunk_label = name;
    // The name is kept once per loaded chunk (at most LUA_IDSIZE bytes).
    let bytes: usize = protos.iter().map(proto_bytes).sum::<usize>() + 64;
    let total = vm.protos.len() + protos.len();
    // Copying the prototype table is proportional to its length.
    vm.charge(total as u64)?;
    vm.reserve_memory(bytes + total * std::mem::size_of::<Proto>())?;
    vm.heap.bytes += bytes;
    let mut all = Vec::with_capacity(total);
    all.extend(vm.protos.iter().cloned());
    all.extend(protos);
    vm.protos = all.into();
    vm.chunk_names.push((offset, chunk_label));
    let f = vm.heap.new_closure(offset, Box::new([]));
    vm.rets.push(Value::Func(f));
    Ok(Native::Ret)
}
