//! `load` of text chunks: compiled by codemode's own parser and compiler under the
//! execution's limits (source length, nesting), appended to the execution's prototypes.
//! Binary chunks are refused.

use codemode_lua_syntax::ParseLimits;

use super::{Args, Native};
use crate::bytecode::{Op, Proto};
use crate::compiler::{self, ToolRoots};
use crate::value::Value;
use crate::vm::{LResult, Vm};

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

pub fn load(vm: &mut Vm, a: Args) -> LResult<Native> {
    let src = match a.get(vm, 0) {
        Value::Str(s) => s,
        // A number is a string here, as lua_tolstring makes it.
        v @ (Value::Int(_) | Value::Float(_)) => match vm.tostring(v)? {
            Value::Str(s) => s,
            _ => return Err(a.type_error(vm, 0, "string")),
        },
        Value::Func(_) | Value::Builtin(_) => {
            return fail(
                vm,
                "load: reader functions are not supported; pass the chunk as a string",
            )
        }
        _ => return Err(a.type_error(vm, 0, "string")),
    };
    let mode = match a.opt_str(vm, 2)? {
        Some(m) => String::from_utf8_lossy(vm.str(m)).into_owned(),
        None => "bt".to_string(),
    };
    if a.n >= 4 && !a.get(vm, 3).is_nil() {
        return fail(
            vm,
            "load: the env argument is not supported (loaded chunks share the program's globals)",
        );
    }
    let (first, len) = {
        let b = vm.str(src);
        (b.first().copied(), b.len())
    };
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
    let Ok(text) = std::str::from_utf8(vm.str(src)).map(str::to_owned) else {
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
    let out = match compiler::compile(&chunk, &text, &mut vm.heap, &roots) {
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
