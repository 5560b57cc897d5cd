//! The host boundary: tool-path proxies, `search`, extensions, and the answers to host
//! calls. Calling a host object exports its arguments as JSON, records a [`HostCall`] and
//! suspends the program until the driver answers.

use codemode_core::{CallId, CallMode, CompileOptions, HostCall, HostTarget, ToolRoot};

use crate::heap::{Heap, Proxy};
use crate::stdlib::json::export_value;
use crate::value::{ProxyRef, TableRef, Value};
use crate::vm::{CallOutcome, LResult, LuaError, Pending, Vm};

/// Puts the host globals (`tools` or per-namespace globals, `search`, extensions) into
/// the globals table.
pub fn install(heap: &mut Heap, globals: TableRef, options: &CompileOptions) {
    let max = usize::MAX;
    let set = |heap: &mut Heap, t: TableRef, name: &str, v: Value| {
        let k = Value::Str(heap.intern_fixed(name.as_bytes()));
        let _ = heap.with_table(t, |tab, _| tab.set(k, v, max));
    };
    match &options.tool_root {
        ToolRoot::Tools | ToolRoot::Named(_) => {
            let name = options
                .tool_root
                .global_name()
                .unwrap_or("tools")
                .to_string();
            let p = heap.new_proxy(Proxy::Tool(Vec::new()));
            set(heap, globals, &name, Value::Proxy(p));
        }
        ToolRoot::Globals => {
            for g in &options.tool_globals {
                let p = heap.new_proxy(Proxy::Tool(vec![g.clone()]));
                set(heap, globals, g, Value::Proxy(p));
            }
        }
    }
    let s = heap.new_proxy(Proxy::Search);
    set(heap, globals, "search", Value::Proxy(s));
    for ext in &options.extensions {
        let p = Value::Proxy(heap.new_proxy(Proxy::Extension(ext.name.clone())));
        let mut parts: Vec<&str> = ext.name.split('.').collect();
        let Some(last) = parts.pop() else { continue };
        let mut t = globals;
        for part in parts {
            let k = Value::Str(heap.intern_fixed(part.as_bytes()));
            t = match heap.table(t).get(k) {
                Value::Table(inner) => inner,
                _ => {
                    let inner = heap.new_table(0, 4);
                    let _ = heap.with_table(t, |tab, _| tab.set(k, Value::Table(inner), max));
                    inner
                }
            };
        }
        set(heap, t, last, p);
    }
}

fn export_arg(vm: &Vm, v: Value, what: &str) -> LResult<serde_json::Value> {
    export_value(&vm.heap, v, &vm.export_limits())
        .map_err(|e| crate::stdlib::json::export_error(vm, e, &format!("invalid {what} input")))
}

/// Calls a host object at stack slot `func`.
pub fn call_proxy(
    vm: &mut Vm,
    p: ProxyRef,
    func: usize,
    nargs: usize,
    nresults: i32,
) -> LResult<CallOutcome> {
    let proxy = vm.heap.proxies.get(p.0).clone();
    let (target, input) = match proxy {
        Proxy::Gmatch { .. } => {
            vm.rets.clear();
            crate::stdlib::string::gmatch_step(vm, p)?;
            vm.place_rets(func, nresults)?;
            return Ok(CallOutcome::Done);
        }
        Proxy::Wrap(t) => {
            vm.rets.clear();
            return match vm.resume(t, func, func + 1, nargs, nresults, true)? {
                crate::stdlib::Native::Ret => {
                    vm.place_rets(func, nresults)?;
                    Ok(CallOutcome::Done)
                }
                crate::stdlib::Native::Frame => Ok(CallOutcome::Frame),
                crate::stdlib::Native::Suspend => Ok(CallOutcome::Suspend),
            };
        }
        Proxy::Tool(path) => {
            if path.is_empty() {
                return Err(LuaError::Msg(
                    "attempt to call the tool root (call a tool, such as tools.namespace.name(input))"
                        .into(),
                ));
            }
            let arg = vm.arg(func + 1, nargs, 0);
            let input = export_arg(vm, arg, "tool")?;
            (HostTarget::Tool(path), input)
        }
        Proxy::Search => {
            let arg = vm.arg(func + 1, nargs, 0);
            let input = export_arg(vm, arg, "search")?;
            (HostTarget::Search, input)
        }
        Proxy::Extension(name) => {
            let mut items = Vec::with_capacity(nargs);
            for i in 0..nargs {
                let v = vm.arg(func + 1, nargs, i);
                items.push(export_arg(vm, v, "extension")?);
            }
            (HostTarget::Extension(name), serde_json::Value::Array(items))
        }
    };
    let id = CallId(vm.next_call_id);
    vm.next_call_id += 1;
    let location = vm.frame_location(0);
    vm.calls.push(HostCall {
        id,
        target,
        input,
        mode: CallMode::Blocking,
        location,
    });
    vm.pending = Some(Pending {
        id,
        func: func as u32,
        nresults,
    });
    Ok(CallOutcome::Suspend)
}

/// Delivers a successful answer: the imported value becomes the call's result.
pub fn deliver(vm: &mut Vm, json: &serde_json::Value) -> LResult<()> {
    let Some(p) = vm.pending.take() else {
        return Ok(());
    };
    let v = crate::stdlib::json::import_value(vm, json)?;
    vm.rets.clear();
    vm.rets.push(v);
    vm.place_rets(p.func as usize, p.nresults)?;
    vm.rets.clear();
    Ok(())
}
