//! `JsInterpreter`: the codemode_core::Interpreter for JavaScript.

use crate::builtins::{build_realm, Build, NativeFn, Realm, HOOK_EXPORT_PREPARE};
use crate::compiler::{Compiler, Options};
use crate::funcs::Funcs;
use crate::heap::{Heap, Kind, PromiseState, HIDDEN};
use crate::value::{JsStr, ObjRef, Value};
use crate::vm::{FrameKind, Module, RunState, Throw, Vm, PROGRAM_BIT};
use codemode_core::{
    CallId, CompileOptions, Completion, Diagnostic, DiagnosticKind, Execution, HostOutcome,
    Interpreter, Language, Location, Program, StartOptions, Step, StepState, ToolRoot, VmLimits,
};
use std::sync::Arc;

/// Everything built once: the prelude's code and the heap holding the built-ins.
struct Template {
    heap: Heap,
    realm: Realm,
    natives: Arc<Vec<(NativeFn, &'static str, u8)>>,
    prelude: Arc<Module>,
}

/// The JavaScript interpreter. Build once, compile many programs.
pub struct JsInterpreter {
    template: Arc<Template>,
}

impl Default for JsInterpreter {
    fn default() -> Self {
        Self::new()
    }
}

use crate::prelude_image::PRELUDE;

/// Parses and compiles the prelude (what the image holds; see prelude_image.rs).
pub(crate) fn compile_prelude() -> Result<Vec<crate::bytecode::FuncCode>, String> {
    let limits = codemode_js_syntax::ParseLimits {
        max_source_bytes: 1 << 22,
        max_nesting: 1000,
    };
    let ast =
        codemode_js_syntax::parse_with(PRELUDE, &limits, codemode_js_syntax::ParseMode::TRUSTED)
            .map_err(|d| format!("prelude does not parse: {d:?}"))?;
    let compiler = Compiler::new(Options {
        source: PRELUDE,
        prelude: true,
        tool_global: None,
        tool_globals: Vec::new(),
        intrinsics: &INTRINSIC_NAMES,
        func_base: 0,
    });
    match compiler.compile_program(&ast) {
        Ok(c) => Ok(c.funcs),
        Err(d) => Err(format!("prelude does not compile: {d}")),
    }
}

/// The prelude image as `cargo xtask codegen` writes it: the prelude compiled now.
pub fn prelude_image() -> Result<Vec<u8>, String> {
    crate::prelude_image::encode(&compile_prelude()?)
}

/// Room made for the template's objects before the realm is built.
const TEMPLATE_OBJECTS: usize = 768;

impl JsInterpreter {
    pub fn new() -> JsInterpreter {
        let template = Template::from_images().unwrap_or_else(Template::build);
        JsInterpreter {
            template: Arc::new(template),
        }
    }
}

/// The realm image as `cargo xtask codegen` writes it: the realm built now.
pub fn realm_image() -> Result<Vec<u8>, String> {
    let t = Template::build();
    crate::realm_image::encode(&t.heap, &t.realm, &t.natives)
}

/// The prelude's functions as a module (indices from 0; nested functions are 1.. .)
fn prelude_module(funcs: Funcs) -> Arc<Module> {
    Arc::new(Module {
        funcs,
        source: PRELUDE.into(),
        line_index: codemode_js_syntax::LineIndex::new(PRELUDE),
    })
}

impl Template {
    /// The template from the built-in images (the prelude's code and the realm after its
    /// top level), when both were built from this source.
    fn from_images() -> Option<Template> {
        let natives = crate::builtins::build_natives();
        let funcs = crate::prelude_image::load()?;
        let image = crate::realm_image::load(&natives)?;
        Some(Template {
            heap: Heap::from_template(image.objects, image.bytes, image.next_gc),
            realm: image.realm,
            natives: Arc::new(natives),
            prelude: prelude_module(funcs),
        })
    }

    /// Builds the realm's objects and runs the prelude's top level (what the realm image
    /// saves).
    fn build() -> Template {
        let mut heap = Heap::new(usize::MAX);
        // The built-ins and the prelude's objects (about 640): the arena does not grow
        // (and copy them) while they are made.
        heap.reserve(TEMPLATE_OBJECTS);
        let (realm, natives) = build_realm(&mut heap, Build::Objects);
        let natives = Arc::new(natives);
        // The built-in image; a stale one (a development build whose prelude changed since
        // `cargo xtask codegen`) falls back to compiling the source.
        let prelude = match crate::prelude_image::load() {
            Some(funcs) => funcs,
            None => Funcs::eager(compile_prelude().unwrap_or_else(|e| panic!("{e}"))),
        };
        let prelude = prelude_module(prelude);
        let mut vm = Vm::new(
            heap,
            realm,
            natives.clone(),
            prelude.clone(),
            VmLimits::default(),
        );
        vm.fuel = i64::MAX / 2;
        // Run the prelude's top level: it installs the self-hosted built-ins.
        let fp = vm.realm.function_proto;
        let main = vm.alloc(
            Some(fp),
            Kind::Closure(Box::new(crate::heap::Closure {
                func: 0,
                cells: Vec::new(),
                this: Value::Undefined,
            })),
        );
        vm.stack.push(Value::Obj(main));
        vm.stack.push(Value::Undefined);
        if vm.call_value(0, u32::MAX, FrameKind::Normal).is_err() {
            panic!("prelude failed to start");
        }
        loop {
            match vm.run() {
                RunState::Idle => {}
                RunState::Fatal(d) => panic!("prelude failed: {d}"),
                _ => panic!("prelude suspended"),
            }
            match vm.run_job() {
                Ok(true) => continue,
                _ => break,
            }
        }
        vm.stack.clear();
        vm.gc();
        Template {
            heap: vm.heap.into_template(),
            realm: vm.realm,
            natives,
            prelude,
        }
    }
}

static INTRINSIC_NAMES: std::sync::LazyLock<Vec<&'static str>> =
    std::sync::LazyLock::new(|| crate::builtins::INTRINSICS.iter().map(|x| x.0).collect());

fn intrinsic_names() -> &'static [&'static str] {
    &INTRINSIC_NAMES
}

impl JsInterpreter {
    /// The bytecode listing of a program, one function after another (for tests and for
    /// looking at what the compiler and the peephole pass made of a hot loop).
    pub fn disassemble(&self, source: &str) -> Result<String, Diagnostic> {
        let compiled = self.compile_module(source, &CompileOptions::default())?;
        let mut out = String::new();
        for (i, f) in compiled.funcs.iter().enumerate() {
            let name = if f.name.is_empty() {
                "<anonymous>"
            } else {
                &f.name
            };
            out.push_str(&format!("function {i} {name}\n"));
            for (pc, op) in f.ops.iter().enumerate() {
                out.push_str(&format!("  {pc:4}  {op:?}\n"));
            }
        }
        Ok(out)
    }

    fn compile_module(
        &self,
        source: &str,
        options: &CompileOptions,
    ) -> Result<crate::compiler::Compiled, Diagnostic> {
        let limits = codemode_js_syntax::ParseLimits::from(&options.limits);
        let ast = codemode_js_syntax::parse(source, &limits)?;
        let tool_global = options.tool_root.global_name().map(|s| s.to_string());
        let tool_globals = match options.tool_root {
            ToolRoot::Globals => options.tool_globals.clone(),
            _ => Vec::new(),
        };
        let compiler = Compiler::new(Options {
            source,
            prelude: false,
            tool_global,
            tool_globals,
            intrinsics: intrinsic_names(),
            func_base: PROGRAM_BIT - 1 + 1,
        });
        compiler.compile_program(&ast)
    }
}

impl Interpreter for JsInterpreter {
    fn language(&self) -> Language {
        Language::JavaScript
    }

    fn compile(
        &self,
        source: &str,
        options: &CompileOptions,
    ) -> Result<Box<dyn Program>, Diagnostic> {
        let compiled = self.compile_module(source, options)?;
        Ok(Box::new(JsProgram {
            template: self.template.clone(),
            module: Arc::new(Module {
                funcs: Funcs::eager(compiled.funcs),
                source: source.to_string().into(),
                line_index: codemode_js_syntax::LineIndex::new(source),
            }),
            tool_paths: compiled.tool_paths,
            options: options.clone(),
        }))
    }
}

struct JsProgram {
    template: Arc<Template>,
    module: Arc<Module>,
    tool_paths: Vec<(Vec<String>, Option<Location>)>,
    options: CompileOptions,
}

impl Program for JsProgram {
    fn static_tool_paths(&self) -> Vec<(Vec<String>, Option<Location>)> {
        self.tool_paths.clone()
    }

    fn start(self: Box<Self>, options: StartOptions) -> Box<dyn Execution> {
        let t = &self.template;
        let mut heap = t.heap.fork();
        heap.max_bytes = self.options.limits.max_memory_bytes;
        let mut vm = Vm::new(
            heap,
            t.realm.clone(),
            t.natives.clone(),
            t.prelude.clone(),
            self.options.limits.clone(),
        );
        if let Some(seed) = options.seed {
            vm.rng = seed | 1;
        }
        vm.deadline = options.deadline;
        vm.date_env = crate::builtins::DateEnv::new(options.now, options.time_zone.as_deref());
        vm.program = Some(self.module.clone());
        install_host_globals(&mut vm, &self.options);
        // Call the program's main function (an async function body).
        let fp = vm.realm.function_proto;
        let main = vm.alloc(
            Some(fp),
            Kind::Closure(Box::new(crate::heap::Closure {
                func: PROGRAM_BIT,
                cells: Vec::new(),
                this: Value::Undefined,
            })),
        );
        let promise = vm.new_promise();
        vm.extra_roots.push(promise);
        vm.stack.push(Value::Obj(main));
        vm.stack.push(Value::Undefined);
        let mut failed = None;
        match vm.call_value(0, u32::MAX, FrameKind::Async(promise)) {
            Ok(()) => {}
            Err(Throw::Fatal(d)) => failed = Some(d),
            Err(Throw::Value(_)) => {}
        }
        Box::new(JsExecution {
            vm,
            main: promise,
            finished: failed.map(StepState::Failed),
            preparing: false,
        })
    }
}

fn install_host_globals(vm: &mut Vm, options: &CompileOptions) {
    let g = vm.realm.global;
    let fp = vm.realm.function_proto;
    match &options.tool_root {
        ToolRoot::Globals => {
            for name in &options.tool_globals {
                let p = vm.alloc(Some(fp), Kind::ToolPath(vec![JsStr::from_str(name)]));
                vm.define_hidden(g, name, Value::Obj(p));
            }
        }
        root => {
            if let Some(name) = root.global_name() {
                let p = vm.alloc(Some(fp), Kind::ToolPath(Vec::new()));
                vm.define_hidden(g, name, Value::Obj(p));
            }
        }
    }
    for ext in &options.extensions {
        let f = vm.alloc(
            Some(fp),
            Kind::Extension {
                name: JsStr::from_str(&ext.name),
                is_async: ext.is_async,
            },
        );
        let mut parts: Vec<&str> = ext.name.split('.').collect();
        let last = parts.pop().unwrap_or("");
        let mut target = g;
        for p in parts {
            let key = JsStr::from_str(p);
            target = match vm.heap.get(target).props.get(&key) {
                Some(Value::Obj(o)) => *o,
                _ => {
                    let o = vm.new_object();
                    vm.heap
                        .get_mut(target)
                        .props
                        .insert(key, Value::Obj(o), HIDDEN);
                    o
                }
            };
        }
        // Members of module objects are enumerable (as a module namespace's are).
        let flags = if target == g {
            HIDDEN
        } else {
            crate::heap::DEFAULT_FLAGS
        };
        vm.heap
            .get_mut(target)
            .props
            .insert(JsStr::from_str(last), Value::Obj(f), flags);
    }
}

struct JsExecution {
    vm: Vm,
    main: ObjRef,
    finished: Option<StepState>,
    /// The result is being prepared by the prelude's `exportPrepare` (`main` is its
    /// promise now).
    preparing: bool,
}

impl JsExecution {
    fn take_step(&mut self, state: StepState) -> Step {
        Step {
            calls: std::mem::take(&mut self.vm.calls),
            logs: std::mem::take(&mut self.vm.logs),
            state,
        }
    }

    /// The execution's outcome, or None when the result's getters or `toJSON` must run
    /// first: then `main` becomes the promise of the prelude's `exportPrepare(result)`,
    /// run as a job under the same fuel and deadline.
    fn finish(&mut self) -> Option<StepState> {
        let state = match &self.vm.heap.get(self.main).kind {
            Kind::Promise(p) => p.state.clone(),
            _ => PromiseState::Pending,
        };
        Some(match state {
            PromiseState::Fulfilled(v) => {
                let mut warnings = Vec::new();
                let unhandled = std::mem::take(&mut self.vm.unhandled);
                let warnings_from = unhandled.clone();
                for p in unhandled {
                    if p == self.main {
                        continue;
                    }
                    if let Kind::Promise(pd) = &self.vm.heap.get(p).kind {
                        if let (PromiseState::Rejected(e), false) = (pd.state.clone(), pd.handled) {
                            let t = crate::format::error_text(&mut self.vm, &e);
                            warnings.push(format!("unhandled promise rejection: {t}"));
                        }
                    }
                }
                match crate::interop::export_or_prepare(&self.vm, &v) {
                    Ok(value) => StepState::Done(Completion { value, warnings }),
                    Err((_, true)) if !self.preparing => {
                        if let Some(hook) = self.vm.realm.hooks[HOOK_EXPORT_PREPARE] {
                            // The warnings are found again when the prepared value settles.
                            self.vm.unhandled = warnings_from;
                            let p = self.vm.new_promise();
                            self.vm.extra_roots.push(p);
                            self.main = p;
                            self.preparing = true;
                            self.vm.stack.push(Value::Obj(hook));
                            self.vm.stack.push(Value::Undefined);
                            self.vm.stack.push(v);
                            return match self.vm.call_value(1, u32::MAX, FrameKind::Job(Some(p))) {
                                Ok(()) => None,
                                Err(Throw::Fatal(d)) => Some(StepState::Failed(d)),
                                Err(Throw::Value(_)) => None,
                            };
                        }
                        StepState::Failed(Diagnostic::new(
                            DiagnosticKind::ExecutionFailure,
                            "the result's getters cannot run",
                        ))
                    }
                    Err((e, _)) => StepState::Failed(e.into_diagnostic(self.vm.deadline.as_ref())),
                }
            }
            PromiseState::Rejected(e) => {
                let msg = crate::format::error_text(&mut self.vm, &e);
                StepState::Failed(
                    Diagnostic::new(DiagnosticKind::ExecutionFailure, msg)
                        .with_location(self.vm.last_throw),
                )
            }
            PromiseState::Pending => StepState::Failed(Diagnostic::new(
                DiagnosticKind::ExecutionFailure,
                "the program awaits a promise that can never settle",
            )),
        })
    }
}

impl Execution for JsExecution {
    fn step(&mut self, fuel: u64) -> Step {
        if let Some(state) = self.finished.take() {
            let s = match &state {
                StepState::Failed(d) => StepState::Failed(d.clone()),
                StepState::Done(c) => StepState::Done(c.clone()),
                _ => StepState::Waiting,
            };
            self.finished = Some(state);
            return self.take_step(s);
        }
        self.vm.fuel = fuel.min(i64::MAX as u64 / 2) as i64;
        let start_fuel = self.vm.fuel;
        let result = loop {
            if self.vm.blocked.is_some() {
                break StepState::Waiting;
            }
            match self.vm.run() {
                RunState::Idle => {}
                RunState::OutOfFuel => break StepState::Running,
                RunState::Blocked => break StepState::Waiting,
                RunState::Fatal(d) => break StepState::Failed(d),
            }
            if let Err(Throw::Fatal(d)) = self.vm.maybe_gc() {
                break StepState::Failed(d);
            }
            match self.vm.run_job() {
                Ok(true) => continue,
                Ok(false) => {}
                Err(Throw::Fatal(d)) => break StepState::Failed(d),
                Err(Throw::Value(_)) => continue,
            }
            let settled = !matches!(
                &self.vm.heap.get(self.main).kind,
                Kind::Promise(p) if matches!(p.state, PromiseState::Pending)
            );
            if settled || self.vm.pending.is_empty() {
                match self.finish() {
                    Some(state) => break state,
                    None => continue,
                }
            }
            break StepState::Waiting;
        };
        let used = (start_fuel - self.vm.fuel).max(0) as u64;
        self.vm.fuel_used = self.vm.fuel_used.saturating_add(used);
        let result = if self.vm.fuel_used > self.vm.limits.max_fuel
            && matches!(result, StepState::Running)
        {
            StepState::Failed(self.vm.fuel_diag())
        } else {
            result
        };
        match &result {
            StepState::Done(c) => self.finished = Some(StepState::Done(c.clone())),
            StepState::Failed(d) => self.finished = Some(StepState::Failed(d.clone())),
            _ => {}
        }
        self.take_step(result)
    }

    fn complete(&mut self, id: CallId, outcome: HostOutcome) {
        if self.finished.is_some() {
            return;
        }
        if let Some(d) = self.vm.complete_call(id.0, outcome) {
            self.finished = Some(StepState::Failed(d));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PRELUDE;
    use codemode_js_syntax::{parse, parse_with, ParseLimits, ParseMode};

    /// The prelude is read with `ParseMode::TRUSTED` (no type stripping, no early-error
    /// pass); this is what makes that safe: the full program checks accept it and read the
    /// same tree.
    #[test]
    fn prelude_passes_the_program_checks_with_the_same_tree() {
        let limits = ParseLimits {
            max_source_bytes: 1 << 22,
            max_nesting: 1000,
        };
        let checked = parse(PRELUDE, &limits).expect("the prelude passes every check");
        let trusted = parse_with(PRELUDE, &limits, ParseMode::TRUSTED).expect("parses");
        assert!(checked == trusted);
    }
}
