//! `codemode_core::{Interpreter, Program, Execution}` for Lua.

use std::sync::Arc;

use codemode_core::{
    CallId, CompileOptions, Completion, Diagnostic, DiagnosticKind, Execution, HostOutcome,
    Interpreter, Language, Location, Program, StartOptions, Step, StepState, ToolRoot, VmLimits,
};
use codemode_lua_syntax::ParseLimits;

use crate::bytecode::Proto;
use crate::compiler::{self, ToolRoots};
use crate::heap::Heap;
use crate::stdlib::{self, Names};
use crate::value::{TableRef, Value};
use crate::vm::{Exit, LuaError, Vm};

/// The default seed of `math.random` when the host supplies none.
pub const DEFAULT_SEED: u64 = 0x5eed_c0de;

/// The prebuilt standard library every execution starts from (cloned per program, so a
/// program that changes `string.upper` changes only its own copy).
struct Template {
    heap: Heap,
    globals: TableRef,
    string_lib: TableRef,
    names: Names,
}

/// The Lua 5.4 interpreter.
pub struct LuaInterpreter {
    template: Arc<Template>,
}

impl Default for LuaInterpreter {
    fn default() -> Self {
        Self::new()
    }
}

impl LuaInterpreter {
    pub fn new() -> Self {
        let mut heap = Heap::new(usize::MAX);
        let (globals, string_lib) = stdlib::install(&mut heap);
        let names = Names::new(&mut heap);
        LuaInterpreter {
            template: Arc::new(Template {
                heap,
                globals,
                string_lib,
                names,
            }),
        }
    }

    /// Compiles to the concrete program type (tests and benches use it directly).
    pub fn compile_lua(
        &self,
        source: &str,
        options: &CompileOptions,
    ) -> Result<LuaProgram, Diagnostic> {
        let limits = ParseLimits::from(&options.limits);
        let chunk = codemode_lua_syntax::parse(source, &limits)?;
        let t = &*self.template;
        let mut heap = t.heap.clone();
        heap.max_collection_len = options.limits.max_collection_len;
        crate::host::install(&mut heap, t.globals, options);
        let roots = match &options.tool_root {
            ToolRoot::Globals => ToolRoots::Globals(options.tool_globals.clone()),
            other => ToolRoots::Named(other.global_name().unwrap_or("tools").to_string()),
        };
        let out = compiler::compile(&chunk, source, &mut heap, &roots, t.globals)?;
        Ok(LuaProgram {
            heap,
            protos: out.protos.into(),
            globals: t.globals,
            string_lib: t.string_lib,
            names: t.names.clone(),
            limits: options.limits.clone(),
            tool_paths: out.tool_paths,
        })
    }
}

impl Interpreter for LuaInterpreter {
    fn language(&self) -> Language {
        Language::Lua
    }

    fn compile(
        &self,
        source: &str,
        options: &CompileOptions,
    ) -> Result<Box<dyn Program>, Diagnostic> {
        Ok(Box::new(self.compile_lua(source, options)?))
    }
}

/// A compiled Lua program with its own heap (constants, library, host globals).
pub struct LuaProgram {
    heap: Heap,
    protos: Arc<[Proto]>,
    globals: TableRef,
    string_lib: TableRef,
    names: Names,
    limits: VmLimits,
    tool_paths: Vec<(Vec<String>, Option<Location>)>,
}

impl LuaProgram {
    pub fn start_lua(self, options: StartOptions) -> LuaExecution {
        let vm = Vm::new(
            self.heap,
            self.protos,
            self.globals,
            self.string_lib,
            self.names,
            self.limits,
            options,
        );
        LuaExecution {
            vm,
            finished: None,
            answer: None,
        }
    }

    /// A bytecode listing of every function (for snapshots and debugging).
    pub fn listing(&self) -> String {
        let mut out = String::new();
        for (i, p) in self.protos.iter().enumerate() {
            out.push_str(&format!(
                "function {i} (params {}, vararg {}, stack {}, upvals {})\n",
                p.num_params,
                p.is_vararg,
                p.max_stack,
                p.upvals.len()
            ));
            for (pc, op) in p.code.iter().enumerate() {
                out.push_str(&format!(
                    "  {pc:>3} [{}] {op:?}\n",
                    p.lines.get(pc).copied().unwrap_or(0)
                ));
            }
        }
        out
    }
}

impl Program for LuaProgram {
    fn static_tool_paths(&self) -> Vec<(Vec<String>, Option<Location>)> {
        self.tool_paths.clone()
    }

    fn start(self: Box<Self>, options: StartOptions) -> Box<dyn Execution> {
        Box::new((*self).start_lua(options))
    }
}

enum Finished {
    Done(Completion),
    Failed(Diagnostic),
}

/// One running Lua program.
pub struct LuaExecution {
    vm: Vm,
    finished: Option<Finished>,
    answer: Option<HostOutcome>,
}

fn error_message(vm: &Vm, v: Value) -> String {
    match v {
        Value::Str(s) => String::from_utf8_lossy(vm.str(s)).into_owned(),
        Value::Int(_) | Value::Float(_) => {
            let mut out = Vec::new();
            vm.write_tostring(&mut out, v);
            String::from_utf8_lossy(&out).into_owned()
        }
        other => format!("(error object is a {} value)", vm.type_name(other)),
    }
}

impl LuaExecution {
    fn fail(&mut self, d: Diagnostic) -> StepState {
        self.finished = Some(Finished::Failed(d.clone()));
        StepState::Failed(d)
    }

    fn state_of(&self) -> Option<StepState> {
        match &self.finished {
            Some(Finished::Done(c)) => Some(StepState::Done(c.clone())),
            Some(Finished::Failed(d)) => Some(StepState::Failed(d.clone())),
            None => None,
        }
    }

    fn uncaught(&mut self, e: LuaError) -> StepState {
        match e {
            LuaError::Fatal(d) => {
                let loc = d.location.or(self.vm.frame_location(0));
                self.fail(d.with_location(loc))
            }
            LuaError::Value(v) => {
                let msg = error_message(&self.vm, v);
                let d = Diagnostic::new(DiagnosticKind::ExecutionFailure, msg)
                    .with_location(self.vm.error_loc);
                self.fail(d)
            }
            LuaError::Msg(m) => {
                let d = Diagnostic::new(DiagnosticKind::ExecutionFailure, m)
                    .with_location(self.vm.frame_location(0));
                self.fail(d)
            }
        }
    }

    fn run_slice(&mut self, fuel: u64) -> StepState {
        if let Some(s) = self.state_of() {
            return s;
        }
        if self.vm.pending.is_some() {
            match self.answer.take() {
                None => return StepState::Waiting,
                Some(HostOutcome::Ok(json)) => {
                    if let Err(e) = crate::host::deliver(&mut self.vm, &json) {
                        return self.uncaught(e);
                    }
                }
                Some(HostOutcome::Err(err)) => {
                    self.vm.error_loc = self.vm.frame_location(0);
                    self.vm.pending = None;
                    let msg = self.vm.heap.intern(err.message.as_bytes());
                    match self.vm.unwind(Value::Str(msg)) {
                        Ok(true) => {}
                        Ok(false) => return self.uncaught(LuaError::Value(Value::Str(msg))),
                        Err(e) => return self.uncaught(e),
                    }
                }
                Some(HostOutcome::Fatal(d)) => {
                    self.vm.pending = None;
                    return self.fail(d);
                }
            }
        }
        let left = self.vm.limits.max_fuel.saturating_sub(self.vm.fuel_used);
        if left == 0 {
            return self.uncaught(crate::vm::out_of_fuel());
        }
        let budget = fuel.clamp(1, left).min(i64::MAX as u64) as i64;
        self.vm.fuel = budget;
        self.vm.slice_budget = budget;
        let res = self.vm.run();
        let spent = (budget - self.vm.fuel).max(0) as u64;
        self.vm.fuel_used = self.vm.fuel_used.saturating_add(spent);
        self.vm.slice_budget = 0;
        self.vm.fuel = 0;
        match res {
            Ok(Exit::Yield) => {
                if self.vm.fuel_used >= self.vm.limits.max_fuel {
                    return self.uncaught(crate::vm::out_of_fuel());
                }
                StepState::Running
            }
            Ok(Exit::Suspend) => StepState::Waiting,
            Ok(Exit::Done) => {
                let v = if self.vm.top > 0 {
                    self.vm.stack[0]
                } else {
                    Value::Nil
                };
                match stdlib::json::export_value(&self.vm.heap, v, &self.vm.export_limits()) {
                    Ok(value) => {
                        let c = Completion {
                            value,
                            warnings: Vec::new(),
                        };
                        self.finished = Some(Finished::Done(c.clone()));
                        StepState::Done(c)
                    }
                    Err(e @ codemode_data::ExportError::DeadlinePassed) => {
                        let d = e.into_diagnostic(self.vm.deadline.as_ref());
                        self.fail(d)
                    }
                    Err(e) => {
                        let d = Diagnostic::new(
                            DiagnosticKind::InvalidDataValue,
                            format!("the returned value is not data: {e}"),
                        );
                        self.fail(d)
                    }
                }
            }
            Err(e) => self.uncaught(e),
        }
    }

    /// Fuel spent so far.
    pub fn fuel_used(&self) -> u64 {
        self.vm.fuel_used
    }

    /// Bytes the heap accounts for right now.
    pub fn heap_bytes(&self) -> usize {
        self.vm.heap.bytes
    }
}

impl Execution for LuaExecution {
    fn step(&mut self, fuel: u64) -> Step {
        let state = self.run_slice(fuel);
        Step {
            calls: std::mem::take(&mut self.vm.calls),
            logs: std::mem::take(&mut self.vm.logs),
            state,
        }
    }

    fn complete(&mut self, id: CallId, outcome: HostOutcome) {
        if let Some(p) = &self.vm.pending {
            if p.id == id && self.answer.is_none() {
                self.answer = Some(outcome);
            }
            return;
        }
        // A call of a `parallel` task (several may be pending).
        self.vm.answer_task(id, outcome);
    }
}
