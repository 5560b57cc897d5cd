//! Calls and frames: entering closures, natives and host calls, construct, throw and return, await.

use super::*;
use codemode_core::{CallId, CallMode, Diagnostic, HostCall, HostTarget};

impl Vm {
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
                    // One hop of a bound chain (a loop: chains are program-built). Each
                    // hop is charged, and the arguments it adds are counted before they
                    // are copied onto the stack.
                    let (target, this, bargs) = (b.0.clone(), b.1.clone(), b.2.clone());
                    self.charge(4 + 4 * bargs.len())?;
                    if !bargs.is_empty() {
                        self.ensure_memory(
                            (self.stack.len() + bargs.len()) * std::mem::size_of::<Value>(),
                        )?;
                    }
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
            // Native-like callees: collect args (the usual few popped into an array on
            // the native stack, more moved into the reused buffer).
            const FEW: usize = NATIVE_FEW_ARGS;
            let result = if argc <= FEW {
                let mut few: [Value; FEW] = Default::default();
                for slot in few[..argc].iter_mut().rev() {
                    *slot = pop!(self);
                }
                let this = pop!(self);
                self.stack.pop();
                self.call_native_like(r, &this, &few[..argc], text)
            } else {
                let mut args = std::mem::take(&mut self.argbuf);
                args.clear();
                args.extend(self.stack.drain(callee_pos + 2..));
                let this = pop!(self);
                self.stack.pop();
                let result = self.call_native_like(r, &this, &args, text);
                args.clear();
                self.argbuf = args;
                result
            };
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
            if let Some((g, v, mode)) = self.gen_resume.take() {
                return self.resume_generator(g, v, mode, kind);
            }
            if self.blocked.is_some() {
                return Ok(());
            }
            return self.deliver(kind, result);
        }
    }

    /// `call_value` of a plain call (`FrameKind::Normal`) whose callee is a `Kind::Native`
    /// taking at most `NATIVE_FEW_ARGS` arguments: the arguments popped into an array on
    /// the native stack, the result pushed.
    #[inline]
    pub(crate) fn call_native_few(&mut self, r: ObjRef, argc: usize, text: u32) -> JsResult<()> {
        if argc == 1
            && matches!(self.heap.get(r).kind, Kind::Native(id) if id as u32 == self.push_native)
        {
            // `array.push(v)`: [push, array, v] becomes [new length].
            if let Some(len) = self.push_top() {
                self.stack.pop();
                if let Some(top) = self.stack.last_mut() {
                    *top = Value::Num(len as f64);
                }
                return Ok(());
            }
        }
        let mut few: [Value; NATIVE_FEW_ARGS] = Default::default();
        for slot in few[..argc].iter_mut().rev() {
            *slot = pop!(self);
        }
        let this = pop!(self);
        self.stack.pop();
        let v = self.call_native_like(r, &this, &few[..argc], text)?;
        if self.tail_call.is_some() || self.gen_resume.is_some() || self.blocked.is_some() {
            return self.finish_native_call(v, text);
        }
        self.stack.push(v);
        Ok(())
    }

    /// `Op::Intrinsic`: built-in `id` called on the top `argc` values (the usual few popped
    /// into an array on the native stack, more collected into a vector).
    pub(crate) fn call_intrinsic(&mut self, id: u16, argc: usize) -> JsResult<Value> {
        if argc == 2 && id == self.push_intrinsic {
            // `__cm_push(array, v)`: [array, v] becomes [], the length returned.
            if let Some(len) = self.push_top() {
                self.stack.pop();
                return Ok(Value::Num(len as f64));
            }
        }
        let f = crate::builtins::INTRINSICS[id as usize].1;
        if argc <= NATIVE_FEW_ARGS {
            let mut few: [Value; NATIVE_FEW_ARGS] = Default::default();
            for slot in few[..argc].iter_mut().rev() {
                *slot = pop!(self);
            }
            return f(self, &Value::Undefined, &few[..argc]);
        }
        let start = self.stack.len() - argc;
        let args: Vec<Value> = self.stack.drain(start..).collect();
        f(self, &Value::Undefined, &args)
    }

    /// `array_push` of the value on top onto the array just below it, the value moved
    /// from the stack rather than copied into an argument list (the array slot is left for
    /// the caller). Counted as `array_push` counts. None, with nothing changed, unless the
    /// array is an unfrozen one with room: `array_push` then runs and reports the error.
    #[inline]
    fn push_top(&mut self) -> Option<usize> {
        let n = self.stack.len();
        let Some(&Value::Obj(a)) = self.stack.get(n.wrapping_sub(2)) else {
            return None;
        };
        let o = self.heap.get(a);
        match &o.kind {
            Kind::Array(items) if !o.frozen && items.len() < self.limits.max_collection_len => {}
            _ => return None,
        }
        // The general call clears a conversion left pending before any native runs.
        if self.pending_conversion.is_some() {
            self.pending_conversion = None;
        }
        let v = self.stack.pop()?;
        self.heap.charge(2 * crate::limits::ELEMENT_COST);
        match &mut self.heap.get_mut(a).kind {
            Kind::Array(items) => {
                items.push(v);
                Some(items.len())
            }
            _ => {
                self.stack.push(v);
                None
            }
        }
    }

    /// The end of `call_value` for a native that asked for more than its result: a call
    /// to make in its place, a generator to resume, or a host call to wait for.
    #[cold]
    #[inline(never)]
    fn finish_native_call(&mut self, v: Value, text: u32) -> JsResult<()> {
        if let Some((c, t, a)) = self.tail_call.take() {
            self.stack.push(c);
            self.stack.push(t);
            let argc = a.len();
            self.stack.extend(a);
            return self.call_value(argc, text, FrameKind::Normal);
        }
        if let Some((g, v, mode)) = self.gen_resume.take() {
            return self.resume_generator(g, v, mode, FrameKind::Normal);
        }
        if self.blocked.is_none() {
            self.stack.push(v);
        }
        Ok(())
    }

    pub(crate) fn not_a_function(&mut self, text: u32, callee: &Value) -> Throw {
        let name = self.callee_text(text);
        let _ = callee;
        self.type_error(&format!("{name} is not a function"))
    }

    pub(crate) fn callee_text(&self, text: u32) -> String {
        if text == u32::MAX {
            return "expression".into();
        }
        let f = self.frames.last().map(|f| f.func).unwrap_or(0);
        match self.code(f).consts.get(text as usize) {
            Some(Value::Str(s)) => s.to_rust(),
            _ => "expression".into(),
        }
    }

    /// Makes room for one more frame and `slots` more stack slots. Frames live on the heap
    /// (two `Vec`s): their bytes count against the memory limit each time either grows
    /// (doubling, so this runs a logarithmic number of times), and past the frame limit
    /// the call is node's catchable RangeError.
    #[cold]
    #[inline(never)]
    pub(crate) fn reserve_call(&mut self, slots: usize) -> JsResult<()> {
        if self.frames.len() >= self.limits.max_frames {
            return Err(self.range_error("Maximum call stack size exceeded"));
        }
        let frames = if self.frames.len() >= self.frames.capacity() {
            (self.frames.capacity() * 2).max(32)
        } else {
            self.frames.capacity()
        };
        let need = self.stack.len() + slots;
        let values = if need > self.stack.capacity() {
            need.max(self.stack.capacity() * 2)
        } else {
            self.stack.capacity()
        };
        self.ensure_memory(
            frames
                .saturating_mul(std::mem::size_of::<Frame>())
                .saturating_add(values.saturating_mul(std::mem::size_of::<Value>())),
        )?;
        self.frames.reserve_exact(frames - self.frames.len());
        self.stack.reserve_exact(values - self.stack.len());
        self.frame_room = self.limits.max_frames.min(self.frames.capacity());
        Ok(())
    }

    /// `Op::Closure`: function `idx` closed over the cells it captures from the frame at
    /// `base` (running `closure`); an arrow keeps the frame's `this`.
    #[inline]
    pub(crate) fn new_closure(&mut self, idx: u32, base: usize, closure: Option<ObjRef>) -> ObjRef {
        // The head only: a prelude function's code is decoded when it is first called.
        let f = self.closure_head(idx);
        let is_arrow = f.is_arrow;
        let fp = match (f.is_generator, f.is_async) {
            (false, _) => self.realm.function_proto,
            (true, false) => self.realm.generator_function_proto,
            (true, true) => self.realm.async_generator_function_proto,
        };
        let mut cells = Vec::with_capacity(f.captures.len());
        for &c in f.captures {
            cells.push(match c {
                crate::bytecode::Capture::Local(s) => match &self.stack[base + s as usize] {
                    Value::Obj(r) => *r,
                    _ => ObjRef(u32::MAX),
                },
                crate::bytecode::Capture::Upval(i) => match closure.map(|c| &self.heap.get(c).kind)
                {
                    Some(Kind::Closure(c)) => {
                        c.cells.get(i as usize).copied().unwrap_or(ObjRef(u32::MAX))
                    }
                    _ => ObjRef(u32::MAX),
                },
            });
        }
        let this = if is_arrow {
            self.stack[base - 1].clone()
        } else {
            Value::Undefined
        };
        self.heap.charge(cells.len() * 4 + 32);
        self.alloc(
            Some(fp),
            Kind::Closure(Box::new(Closure {
                func: idx,
                cells,
                this,
            })),
        )
    }

    pub(crate) fn enter_closure(
        &mut self,
        r: ObjRef,
        func: u32,
        argc: usize,
        arrow_this: Option<Value>,
        kind: FrameKind,
    ) -> JsResult<()> {
        let (nparams, nlocals, has_rest, is_async, nops, arguments, class_ctor) = {
            let c = self.code(func);
            (
                c.nparams as usize,
                c.nlocals as usize,
                c.has_rest,
                // An async generator's body gets no promise: its requests have theirs.
                c.is_async && !c.is_generator,
                c.ops.len(),
                c.arguments,
                c.class_ctor,
            )
        };
        if class_ctor != 0 && !matches!(kind, FrameKind::Construct(_)) {
            let name = self.code(func).name.clone();
            return Err(self.type_error(&format!(
                "Class constructor {name} cannot be invoked without 'new'"
            )));
        }
        if self.frames.len() >= self.frame_room
            || self.stack.len() + nlocals + 1 > self.stack.capacity()
        {
            self.reserve_call(nlocals + 1)?;
        }
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
            FrameKind::Normal | FrameKind::Accessor(ACC_GET) if is_async => {
                FrameKind::Async(self.new_promise())
            }
            FrameKind::Accessor(_) if is_async => {
                return Err(self.type_error(
                    "an async function as a setter or a called getter is not supported",
                ));
            }
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

    /// A native that ended because a value needed a program-defined valueOf/toString
    /// (`pending_conversion`): when that value is its receiver or one of its arguments, the
    /// prelude's converter converts it by a call (ToPrimitive, the program's methods in
    /// order) and calls the native again with the primitive in its place, as a tail call
    /// in the native's stead. Natives convert their arguments before they change anything,
    /// so the second call starts from the same state; each retry removes one object, so a
    /// chain of them ends.
    fn retry_with_conversion(
        &mut self,
        native: ObjRef,
        this: &Value,
        args: &[Value],
        result: JsResult<Value>,
    ) -> JsResult<Value> {
        let Some((v, prefer_number)) = self.pending_conversion.take() else {
            return result;
        };
        let Value::Obj(target) = v else {
            return result;
        };
        let is_target = |x: &Value| matches!(x, Value::Obj(o) if *o == target);
        let (true, Err(Throw::Value(_)), Some(converter)) = (
            is_target(this) || args.iter().any(is_target),
            &result,
            self.realm.converter,
        ) else {
            return result;
        };
        // Each retry copies the arguments: paid for, so that a call with many objects to
        // convert (`Math.max(...objects)`, one retry each) meets the fuel and the deadline.
        self.charge(args.len())?;
        let args = self.new_array(args.to_vec());
        let hint = Value::str(if prefer_number { "number" } else { "string" });
        let packed = self.new_array(vec![
            this.clone(),
            Value::Obj(args),
            v,
            hint,
            Value::Bool(self.is_new),
        ]);
        self.tail_call = Some((
            Value::Obj(converter),
            Value::Undefined,
            vec![Value::Num(30.0), Value::Obj(native), Value::Obj(packed)],
        ));
        Ok(Value::Undefined)
    }

    pub(crate) fn call_native_like(
        &mut self,
        r: ObjRef,
        this: &Value,
        args: &[Value],
        text: u32,
    ) -> JsResult<Value> {
        // Natives (the common case) without cloning the object's kind.
        if let Kind::Native(id) = self.heap.get(r).kind {
            let f = self.natives[id as usize].0;
            if self.pending_conversion.is_some() {
                self.pending_conversion = None;
            }
            let result = f(self, this, args);
            if self.pending_conversion.is_some() {
                return self.retry_with_conversion(r, this, args, result);
            }
            return result;
        }
        match self.heap.get(r).kind.clone() {
            Kind::Resolver { .. } => {
                self.call_resolver(r, args.first().cloned().unwrap_or_default())?;
                Ok(Value::Undefined)
            }
            Kind::ToolPath(path) => {
                let segs: Vec<String> = path.iter().map(|s| s.to_rust()).collect();
                let Some(input) = self.export_arg(args.first().cloned().unwrap_or_default())?
                else {
                    return self.call_prepared(r, args);
                };
                let p = self.new_promise();
                self.issue_call(HostTarget::Tool(segs), input, CallMode::Async, Some(p));
                Ok(Value::Obj(p))
            }
            Kind::Extension { name, is_async } => {
                let arr = self.new_array(args.to_vec());
                let Some(input) = self.export_arg(Value::Obj(arr))? else {
                    return self.call_prepared(r, args);
                };
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
                let Some(input) = self.export_arg(args.first().cloned().unwrap_or_default())?
                else {
                    return self.call_prepared(r, args);
                };
                self.issue_call(HostTarget::Search, input, CallMode::Blocking, None);
                Ok(Value::Undefined)
            }
            _ => {
                let callee = Value::Obj(r);
                Err(self.not_a_function(text, &callee))
            }
        }
    }

    /// A host call's input as data; None when a getter or `toJSON` in it must run first
    /// (then the call goes through `call_prepared`).
    pub(crate) fn export_arg(&mut self, v: Value) -> JsResult<Option<serde_json::Value>> {
        match crate::interop::export_or_prepare(self, &v) {
            Ok(j) => Ok(Some(j)),
            Err((_, true)) => Ok(None),
            Err((codemode_data::ExportError::DeadlinePassed, _)) => {
                Err(crate::interop::deadline_passed(self))
            }
            Err((e, _)) => Err(self.type_error(&format!("tool input is not data: {e}"))),
        }
    }

    /// Calls host function `f` again with its arguments through the prelude's
    /// `exportPrepare` (their getters and `toJSON` run as frames; what comes back is data).
    fn call_prepared(&mut self, f: ObjRef, args: &[Value]) -> JsResult<Value> {
        let Some(hook) = self.realm.hooks[crate::builtins::HOOK_CALL_PREPARED] else {
            return Err(self.type_error("tool input is not data"));
        };
        let arr = self.new_array(args.to_vec());
        self.tail_call = Some((
            Value::Obj(hook),
            Value::Undefined,
            vec![Value::Obj(f), Value::Obj(arr)],
        ));
        Ok(Value::Undefined)
    }

    pub(crate) fn issue_call(
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
    pub(crate) fn construct(&mut self, argc: usize, text: u32) -> JsResult<()> {
        self.construct_with(argc, text, None)
    }

    /// Construct with an explicit new.target (`super(...)`; `None`: the callee itself).
    /// Stack [callee, args...].
    pub(crate) fn construct_with(
        &mut self,
        argc: usize,
        text: u32,
        new_target: Option<ObjRef>,
    ) -> JsResult<()> {
        let callee_pos = self.stack.len() - argc - 1;
        let callee = self.stack[callee_pos].clone();
        let Value::Obj(r) = callee else {
            let name = self.callee_text(text);
            return Err(self.type_error(&format!("{name} is not a constructor")));
        };
        let new_target = new_target.unwrap_or(r);
        match self.heap.get(r).kind.clone() {
            Kind::Closure(c) => {
                let code = self.code(c.func);
                if code.is_arrow || code.is_method || code.is_async || code.is_generator {
                    let name = self.callee_text(text);
                    return Err(self.type_error(&format!("{name} is not a constructor")));
                }
                let this = if code.class_ctor == crate::bytecode::CLASS_DERIVED {
                    // Bound by `super(...)`.
                    Value::Empty
                } else {
                    let proto = match self
                        .get_prop(&Value::Obj(new_target), &JsStr::from_str("prototype"))?
                    {
                        Value::Obj(p) => p,
                        _ => self.realm.object_proto,
                    };
                    Value::Obj(self.alloc(Some(proto), Kind::Ordinary))
                };
                self.stack.insert(callee_pos + 1, this);
                self.enter_closure(r, c.func, argc, None, FrameKind::Construct(new_target))
            }
            Kind::Bound(_) => {
                // `new` on a bound function constructs its innermost target with every
                // level's bound arguments first (the bound `this` is ignored); the chain is
                // program-built, so it is unwound in a loop, one charged hop at a time.
                let mut argc = argc;
                while let Value::Obj(cr) = self.stack[callee_pos] {
                    let Kind::Bound(b) = &self.heap.get(cr).kind else {
                        break;
                    };
                    let (target, bargs) = (b.0.clone(), b.2.clone());
                    self.charge(4 + 4 * bargs.len())?;
                    if !bargs.is_empty() {
                        self.ensure_memory(
                            (self.stack.len() + bargs.len()) * std::mem::size_of::<Value>(),
                        )?;
                    }
                    self.stack[callee_pos] = target;
                    argc += bargs.len();
                    self.stack.splice(callee_pos + 1..callee_pos + 1, bargs);
                }
                // The target is not bound: this recursion is one level deep.
                let new_target = if new_target == r {
                    None
                } else {
                    Some(new_target)
                };
                self.construct_with(argc, text, new_target)
            }
            Kind::Native(_) => {
                self.stack.insert(callee_pos + 1, Value::Undefined);
                self.is_new = true;
                self.new_target = Some(new_target);
                let res = self.call_value(argc, text, FrameKind::Normal);
                self.is_new = false;
                self.new_target = None;
                res?;
                if new_target != r {
                    // A subclass of a built-in (`class E extends Error`): the object the
                    // built-in made takes the subclass's prototype.
                    if let Some(Value::Obj(o)) = self.stack.last() {
                        let o = *o;
                        if let Value::Obj(p) =
                            self.get_prop(&Value::Obj(new_target), &JsStr::from_str("prototype"))?
                        {
                            self.heap.get_mut(o).proto = Some(p);
                        }
                    }
                }
                Ok(())
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
            // Handlers are stacked in frame order: the popped frame's are on top (a
            // `retain` over all of them per frame made deep unwinding quadratic).
            while self.handlers.last().is_some_and(|h| h.frame >= depth - 1) {
                self.handlers.pop();
            }
            self.stack.truncate(f.base as usize - 2);
            let kind = match f.kind {
                // A generator that throws is done; the throw goes on in its caller (an
                // async generator's rejects its request instead).
                FrameKind::Generator(g) => match self.gen_threw(g, &v)? {
                    Some(k) => k,
                    None => {
                        self.last_throw = None;
                        return Ok(());
                    }
                },
                k => k,
            };
            match kind {
                FrameKind::Normal | FrameKind::Construct(_) | FrameKind::Accessor(_) => continue,
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
                FrameKind::Generator(_) => continue,
            }
        }
    }

    pub(crate) fn do_return(&mut self, v: Value) -> JsResult<()> {
        let f = match self.frames.pop() {
            Some(f) => f,
            None => return Ok(()),
        };
        let depth = self.frames.len() as u32;
        while self.handlers.last().is_some_and(|h| h.frame >= depth) {
            self.handlers.pop();
        }
        let this = match f.kind {
            FrameKind::Construct(_) => self
                .stack
                .get(f.base as usize - 1)
                .cloned()
                .unwrap_or_default(),
            _ => Value::Undefined,
        };
        if let FrameKind::Construct(_) = f.kind {
            if self.code(f.func).class_ctor == crate::bytecode::CLASS_DERIVED
                && !matches!(v, Value::Obj(_))
            {
                // Thrown where the construct was (the body has finished).
                let e = if !matches!(v, Value::Undefined) {
                    self.type_error("Derived constructors may only return object or undefined")
                } else if matches!(this, Value::Empty) {
                    self.reference_error(
                        "Must call super constructor in derived class before accessing 'this' or returning from derived constructor",
                    )
                } else {
                    self.stack.truncate(f.base as usize - 2);
                    self.stack.push(this);
                    return Ok(());
                };
                self.stack.truncate(f.base as usize - 2);
                let Throw::Value(e) = e else {
                    return Err(e);
                };
                return self.throw_value(e);
            }
        }
        self.stack.truncate(f.base as usize - 2);
        match f.kind {
            FrameKind::Normal => self.stack.push(v),
            FrameKind::Construct(_) => {
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
            FrameKind::Generator(g) => self.gen_returned(g, v)?,
            kind => self.deliver(kind, v)?,
        }
        Ok(())
    }

    /// Calls the prelude's hook `i` (see `Realm::hooks`) for an op, its result placed by
    /// `mode` (as an accessor's).
    pub(crate) fn call_hook(&mut self, i: usize, args: Vec<Value>, mode: u8) -> JsResult<()> {
        let Some(f) = self.realm.hooks.get(i).copied().flatten() else {
            return Err(self.type_error("accessor properties are not supported here"));
        };
        self.stack.push(Value::Obj(f));
        self.stack.push(Value::Undefined);
        let argc = args.len();
        self.stack.extend(args);
        self.call_value(argc, u32::MAX, FrameKind::Accessor(mode))
    }

    /// Hands `v` to a caller waiting as a frame of kind `kind` would receive its return value
    /// (the common cases of a return, a built-in's result and a generator's answer).
    #[inline]
    pub(crate) fn deliver(&mut self, kind: FrameKind, v: Value) -> JsResult<()> {
        match kind {
            FrameKind::Accessor(mode) => self.finish_accessor(mode, v),
            FrameKind::Job(t) => self.settle_target(t, v, false)?,
            FrameKind::Thenable(_) => {}
            _ => self.stack.push(v),
        }
        Ok(())
    }

    /// Puts an accessor's result where its op's result goes (see `FrameKind::Accessor`).
    pub(crate) fn finish_accessor(&mut self, mode: u8, v: Value) {
        match mode {
            ACC_METHOD => {
                let receiver = self.stack.pop().unwrap_or_default();
                self.stack.push(v);
                self.stack.push(receiver);
            }
            ACC_DISCARD => {}
            _ => self.stack.push(v),
        }
    }

    /// Runs accessor function `f` for an op: `f` called with `this` and `arg` (a setter's
    /// value), its result placed by `mode`. A program function runs as a frame (the loop
    /// switches to it); a built-in runs now. Not callable (an accessor without that half):
    /// a read is undefined, a write is ignored.
    pub(crate) fn call_accessor(
        &mut self,
        f: Value,
        this: Value,
        arg: Option<Value>,
        mode: u8,
    ) -> JsResult<()> {
        if !self.is_callable(&f) {
            self.finish_accessor(mode, Value::Undefined);
            return Ok(());
        }
        self.stack.push(f);
        self.stack.push(this);
        let argc = match arg {
            Some(a) => {
                self.stack.push(a);
                1
            }
            None => 0,
        };
        self.call_value(argc, u32::MAX, FrameKind::Accessor(mode))
    }

    pub(crate) fn do_await(&mut self, v: Value) -> JsResult<()> {
        let Some(f) = self.frames.pop() else {
            return Ok(());
        };
        let depth = self.frames.len() as u32;
        let p = match f.kind {
            FrameKind::Async(p) => Some(p),
            FrameKind::Generator(_) if self.code(f.func).is_async => None,
            _ => {
                self.frames.push(f);
                return Err(self.syntax_error("await is only valid in async functions"));
            }
        };
        let generator = match f.kind {
            FrameKind::Generator(g) => Some(g),
            _ => None,
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
        match (p, generator) {
            (Some(p), _) if !resumed => self.stack.push(Value::Obj(p)),
            (None, Some(g)) => self.gen_awaiting(g)?,
            _ => {}
        }
        Ok(())
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
}
