//! Generators (ECMAScript 27.5): a generator function's frame stops after its parameters
//! (`Op::GenStart`) and is kept in the generator object (`Kind::Generator`) as a
//! `Coroutine`, as an async function's frame is kept across `await`. `next`, `return` and
//! `throw` are built-ins that ask the call op that called them (`Vm::call_value`) to put
//! the frame back on the frame stack (`Vm::gen_resume`), so a generator body always runs on
//! the VM's own frames: no native recursion, each resume charged like a call.

use super::*;

/// How a generator is resumed: `next(x)`, `throw(x)`, `return(x)`. Also the mode a
/// `yield*` step receives as a value (`Op::YieldDelegate`).
pub(crate) const RESUME_NEXT: u8 = 0;
pub(crate) const RESUME_THROW: u8 = 1;
pub(crate) const RESUME_RETURN: u8 = 2;

impl Vm {
    /// `{ value, done }`, an iterator result object.
    pub(crate) fn iter_result(&mut self, value: Value, done: bool) -> Value {
        let o = self.new_object();
        let props = &mut self.heap.get_mut(o).props;
        props.insert(JsStr::from_str("value"), value, DEFAULT_FLAGS);
        props.insert(JsStr::from_str("done"), Value::Bool(done), DEFAULT_FLAGS);
        self.heap.charge(2 * PROP_COST);
        Value::Obj(o)
    }

    /// Takes the top frame, with its stack slice and try handlers, off the VM.
    fn suspend_top(&mut self) -> Option<Coroutine> {
        let frame = self.frames.pop()?;
        let depth = self.frames.len() as u32;
        let start = frame.base as usize - 2;
        let stack: Vec<Value> = self.stack.drain(start..).collect();
        let mut handlers = Vec::new();
        while self.handlers.last().is_some_and(|h| h.frame == depth) {
            if let Some(h) = self.handlers.pop() {
                handlers.push(h);
            }
        }
        handlers.reverse();
        self.heap.charge(stack.len() * std::mem::size_of::<Value>());
        Some(Coroutine {
            frame,
            stack,
            handlers,
        })
    }

    /// Hands `v` to a caller waiting as a frame of kind `kind` would receive its return value.
    pub(crate) fn deliver(&mut self, kind: FrameKind, v: Value) -> JsResult<()> {
        match kind {
            FrameKind::Accessor(mode) => self.finish_accessor(mode, v),
            FrameKind::Job(t) => self.settle_target(t, v, false)?,
            FrameKind::Thenable(_) => {}
            _ => self.stack.push(v),
        }
        Ok(())
    }

    /// `Op::GenStart`: the generator function's frame (its parameters bound) becomes a new
    /// generator object, which is the call's result.
    pub(crate) fn gen_start(&mut self) -> JsResult<()> {
        let closure = self.frames.last().and_then(|f| f.closure);
        let proto = match closure {
            Some(c) => match self.get_prop(&Value::Obj(c), &JsStr::from_str("prototype"))? {
                Value::Obj(p) => p,
                _ => self.realm.generator_proto,
            },
            None => self.realm.generator_proto,
        };
        let Some(mut co) = self.suspend_top() else {
            return Ok(());
        };
        let caller = std::mem::replace(&mut co.frame.kind, FrameKind::Normal);
        let g = self.alloc(Some(proto), Kind::Generator(Box::new(GenState::Start(co))));
        self.deliver(caller, Value::Obj(g))
    }

    /// `Op::Yield` / `Op::YieldDelegate`: suspends the running generator (the top frame) and
    /// hands its caller `{ value: v, done: false }` (for `yield*`, the inner result `v`).
    pub(crate) fn gen_yield(&mut self, v: Value, delegate: bool) -> JsResult<()> {
        let Some(FrameKind::Generator(g)) = self.frames.last().map(|f| f.kind.clone()) else {
            return Err(self.syntax_error("yield outside a generator"));
        };
        let Some(co) = self.suspend_top() else {
            return Ok(());
        };
        let caller = match &mut self.heap.get_mut(g).kind {
            Kind::Generator(s) => {
                match std::mem::replace(&mut **s, GenState::Yield { co, delegate }) {
                    GenState::Running { caller } => caller,
                    _ => FrameKind::Normal,
                }
            }
            _ => FrameKind::Normal,
        };
        let result = if delegate {
            v
        } else {
            self.iter_result(v, false)
        };
        self.deliver(caller, result)
    }

    /// The generator frame `g` returned `v`: the generator is done, its caller gets
    /// `{ value: v, done: true }`.
    pub(crate) fn gen_returned(&mut self, g: ObjRef, v: Value) -> JsResult<()> {
        let caller = self.finish_generator(g);
        let result = self.iter_result(v, true);
        self.deliver(caller, result)
    }

    /// Marks generator `g` done; how its caller was waiting.
    pub(crate) fn finish_generator(&mut self, g: ObjRef) -> FrameKind {
        match &mut self.heap.get_mut(g).kind {
            Kind::Generator(s) => match std::mem::replace(&mut **s, GenState::Done) {
                GenState::Running { caller } => caller,
                _ => FrameKind::Normal,
            },
            _ => FrameKind::Normal,
        }
    }

    /// `Generator.prototype.next/return/throw` (mode `RESUME_`): what can be answered
    /// without running the body is answered now; otherwise the resume is left in
    /// `gen_resume` for the call op (see `Vm::call_value`).
    pub(crate) fn gen_method(&mut self, this: &Value, v: Value, mode: u8) -> JsResult<Value> {
        let name = ["next", "throw", "return"][mode as usize];
        let g = match this {
            Value::Obj(r) if matches!(self.heap.get(*r).kind, Kind::Generator(_)) => *r,
            _ => {
                let t = match this {
                    Value::Obj(_) => "#<Object>".to_string(),
                    v => self.to_rust_string(v)?,
                };
                return Err(self.type_error(&format!(
                    "{name} method called on incompatible receiver {t}"
                )));
            }
        };
        let Kind::Generator(s) = &mut self.heap.get_mut(g).kind else {
            return Ok(Value::Undefined);
        };
        match (&**s, mode) {
            (GenState::Running { .. }, _) => Err(self.type_error("Generator is already running")),
            (GenState::Start(_), RESUME_RETURN) | (GenState::Done, RESUME_RETURN) => {
                **s = GenState::Done;
                Ok(self.iter_result(v, true))
            }
            (GenState::Start(_), RESUME_THROW) | (GenState::Done, RESUME_THROW) => {
                **s = GenState::Done;
                Err(Throw::Value(v))
            }
            (GenState::Done, _) => Ok(self.iter_result(Value::Undefined, true)),
            _ => {
                self.gen_resume = Some((g, v, mode));
                Ok(Value::Undefined)
            }
        }
    }

    /// Carries out `gen_resume`: generator `g`'s frame goes back on the frame stack, its
    /// caller waiting as `caller`.
    pub(crate) fn resume_generator(
        &mut self,
        g: ObjRef,
        v: Value,
        mode: u8,
        caller: FrameKind,
    ) -> JsResult<()> {
        // A call op waits for the resume (not a promise job): a throw into the body goes
        // back to that op's own throw path, which unwinds from the generator's frame.
        let from_op = !matches!(caller, FrameKind::Job(_) | FrameKind::Thenable(_));
        let state = match &mut self.heap.get_mut(g).kind {
            Kind::Generator(s) => std::mem::replace(&mut **s, GenState::Running { caller }),
            _ => return Ok(()),
        };
        let (co, delegate, started) = match state {
            GenState::Start(co) => (co, false, false),
            GenState::Yield { co, delegate } => (co, delegate, true),
            other => {
                // Answered by `gen_method`; put it back.
                if let Kind::Generator(s) = &mut self.heap.get_mut(g).kind {
                    **s = other;
                }
                return Ok(());
            }
        };
        if self.frames.len() >= self.frame_room
            || self.stack.len() + co.stack.len() + 2 > self.stack.capacity()
        {
            if let Err(e) = self.reserve_call(co.stack.len() + 2) {
                // Not resumed: it stays where it was.
                if let Kind::Generator(s) = &mut self.heap.get_mut(g).kind {
                    **s = if started {
                        GenState::Yield { co, delegate }
                    } else {
                        GenState::Start(co)
                    };
                }
                return Err(e);
            }
        }
        self.fuel -= co.stack.len() as i64 + 1;
        let new_base = self.stack.len() as u32 + 2;
        self.stack.extend(co.stack);
        let mut frame = co.frame;
        frame.base = new_base;
        frame.kind = FrameKind::Generator(g);
        let depth = self.frames.len() as u32;
        self.frames.push(frame);
        for mut h in co.handlers {
            h.frame = depth;
            self.handlers.push(h);
        }
        if !started {
            return Ok(());
        }
        if delegate {
            self.stack.push(v);
            self.stack.push(Value::Num(mode as f64));
            return Ok(());
        }
        match mode {
            RESUME_THROW if from_op => Err(Throw::Value(v)),
            RESUME_THROW => self.throw_value(v),
            _ => {
                self.stack.push(v);
                self.stack.push(Value::Bool(mode == RESUME_RETURN));
                Ok(())
            }
        }
    }
}
