//! Generators (ECMAScript 27.5, 27.6): a generator function's frame stops after its
//! parameters (`Op::GenStart`) and is kept in the generator object (`Kind::Generator`) as a
//! `Coroutine`, as an async function's frame is kept across `await`. `next`, `return` and
//! `throw` are built-ins that ask the call op that called them (`Vm::call_value`) to put
//! the frame back on the frame stack (`Vm::gen_resume`), so a generator body always runs on
//! the VM's own frames: no native recursion, each resume charged like a call.
//!
//! An async generator answers each request with a promise and queues the requests that
//! arrive while its body runs or awaits; each time the body stops (a `yield`, its end, a
//! throw) the oldest request is settled and the next one resumes it.

use super::*;

/// How a generator is resumed: `next(x)`, `throw(x)`, `return(x)`. Also the mode a
/// `yield*` step receives as a value (`Op::YieldDelegate`).
pub(crate) const RESUME_NEXT: u8 = 0;
pub(crate) const RESUME_THROW: u8 = 1;
pub(crate) const RESUME_RETURN: u8 = 2;
/// `gen_resume`'s mode for an async generator: resume with its oldest queued request
/// (the value carried is the promise the caller gets).
const RESUME_QUEUED: u8 = 3;

/// How the caller of `next`/`return`/`throw` waits: a frame kind, and for an async
/// generator the promise it is to get.
type Caller = Option<(FrameKind, Option<ObjRef>)>;

impl Vm {
    /// `{ value, done }`, an iterator result object.
    pub(crate) fn iter_result_object(&mut self, value: Value, done: bool) -> Value {
        let o = self.new_object();
        let props = &mut self.heap.get_mut(o).props;
        props.insert(JsStr::from_str("value"), value, DEFAULT_FLAGS);
        props.insert(JsStr::from_str("done"), Value::Bool(done), DEFAULT_FLAGS);
        self.heap.charge(2 * PROP_COST);
        Value::Obj(o)
    }

    fn generator(&mut self, g: ObjRef) -> Option<&mut Generator> {
        match &mut self.heap.get_mut(g).kind {
            Kind::Generator(s) => Some(s),
            _ => None,
        }
    }

    fn is_async_generator(&self, g: ObjRef) -> bool {
        matches!(&self.heap.get(g).kind, Kind::Generator(s) if s.queue.is_some())
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

    /// Takes the caller still waiting on running generator `g` (None once answered).
    fn take_caller(&mut self, g: ObjRef) -> Caller {
        match self.generator(g).map(|s| &mut s.state) {
            Some(GenState::Running { caller }) => caller.take(),
            _ => None,
        }
    }

    /// An async generator's waiting caller gets its promise (the body has stopped).
    fn answer_async_caller(&mut self, g: ObjRef) -> JsResult<()> {
        if let Some((kind, Some(p))) = self.take_caller(g) {
            self.deliver(kind, Value::Obj(p))?;
        }
        Ok(())
    }

    /// `Op::GenStart`: the generator function's frame (its parameters bound) becomes a new
    /// generator object, which is the call's result.
    pub(crate) fn gen_start(&mut self) -> JsResult<()> {
        let closure = self.frames.last().and_then(|f| f.closure);
        let is_async = closure.is_some_and(
            |c| matches!(&self.heap.get(c).kind, Kind::Closure(cl) if self.code(cl.func).is_async),
        );
        let fallback = if is_async {
            self.realm.async_generator_proto
        } else {
            self.realm.generator_proto
        };
        let proto = match closure {
            Some(c) => match self.get_prop(&Value::Obj(c), &JsStr::from_str("prototype"))? {
                Value::Obj(p) => p,
                _ => fallback,
            },
            None => fallback,
        };
        let Some(mut co) = self.suspend_top() else {
            return Ok(());
        };
        let caller = std::mem::replace(&mut co.frame.kind, FrameKind::Normal);
        let g = self.alloc(
            Some(proto),
            Kind::Generator(Box::new(Generator {
                state: GenState::Start(co),
                queue: is_async.then(Default::default),
                underlying: None,
            })),
        );
        self.deliver(caller, Value::Obj(g))
    }

    /// `Op::Yield` / `Op::YieldDelegate`: suspends the running generator (the top frame) and
    /// hands its caller `{ value: v, done: false }` (for `yield*`, the inner result `v`); an
    /// async generator settles its oldest request with it and goes on with the next one.
    pub(crate) fn gen_yield(&mut self, v: Value, delegate: bool) -> JsResult<()> {
        let Some(FrameKind::Generator(g)) = self.frames.last().map(|f| f.kind.clone()) else {
            return Err(self.syntax_error("yield outside a generator"));
        };
        let Some(co) = self.suspend_top() else {
            return Ok(());
        };
        let caller = match self.generator(g) {
            Some(s) => match std::mem::replace(&mut s.state, GenState::Yield { co, delegate }) {
                GenState::Running { caller } => caller,
                _ => None,
            },
            None => None,
        };
        if self.is_async_generator(g) {
            let result = self.iter_result_object(v, false);
            self.settle_oldest(g, result, false);
            if let Some((kind, Some(p))) = caller {
                self.deliver(kind, Value::Obj(p))?;
            }
            return self.async_gen_resume_next(g, None);
        }
        let result = if delegate {
            v
        } else {
            self.iter_result_object(v, false)
        };
        match caller {
            Some((kind, _)) => self.deliver(kind, result),
            None => Ok(()),
        }
    }

    /// The generator frame `g` returned `v`: the generator is done, its caller gets
    /// `{ value: v, done: true }` (an async generator: its oldest request is settled so).
    pub(crate) fn gen_returned(&mut self, g: ObjRef, v: Value) -> JsResult<()> {
        let caller = self.finish_generator(g);
        let result = self.iter_result_object(v, true);
        if self.is_async_generator(g) {
            self.settle_oldest(g, result, false);
            if let Some((kind, Some(p))) = caller {
                self.deliver(kind, Value::Obj(p))?;
            }
            return self.async_gen_resume_next(g, None);
        }
        match caller {
            Some((kind, _)) => self.deliver(kind, result),
            None => Ok(()),
        }
    }

    /// A throw left the frame of generator `g`, now done. A sync generator's throw goes on
    /// in its caller (returned: how that caller waits); an async generator's rejects its
    /// oldest request and goes no further (None).
    pub(crate) fn gen_threw(&mut self, g: ObjRef, e: &Value) -> JsResult<Option<FrameKind>> {
        let caller = self.finish_generator(g);
        if !self.is_async_generator(g) {
            return Ok(Some(caller.map(|c| c.0).unwrap_or(FrameKind::Normal)));
        }
        self.settle_oldest(g, e.clone(), true);
        if let Some((kind, Some(p))) = caller {
            self.deliver(kind, Value::Obj(p))?;
        }
        self.async_gen_resume_next(g, None)?;
        Ok(None)
    }

    /// Marks generator `g` done; how its caller was waiting.
    fn finish_generator(&mut self, g: ObjRef) -> Caller {
        match self.generator(g) {
            Some(s) => match std::mem::replace(&mut s.state, GenState::Done) {
                GenState::Running { caller } => caller,
                _ => None,
            },
            None => None,
        }
    }

    /// Settles the promise of async generator `g`'s oldest request with `v`.
    fn settle_oldest(&mut self, g: ObjRef, v: Value, rejected: bool) {
        let oldest = self
            .generator(g)
            .and_then(|s| s.queue.as_mut())
            .and_then(|q| q.pop_front());
        if let Some((_, _, p)) = oldest {
            self.settle(p, v, rejected);
        }
    }

    /// An await in the frame of async generator `g`: the caller still waiting gets its
    /// promise (see `Vm::do_await`).
    pub(crate) fn gen_awaiting(&mut self, g: ObjRef) -> JsResult<()> {
        self.answer_async_caller(g)
    }

    /// `Generator.prototype.next/return/throw` (mode `RESUME_`), or with `helper`
    /// %IteratorHelperPrototype%'s `next`/`return` (each takes only its own brand): what
    /// can be answered without running the body is answered now; otherwise the resume is
    /// left in `gen_resume` for the call op (see `Vm::call_value`).
    pub(crate) fn gen_method(
        &mut self,
        this: &Value,
        v: Value,
        mode: u8,
        helper: bool,
    ) -> JsResult<Value> {
        let name = ["next", "throw", "return"][mode as usize];
        let g = match this {
            Value::Obj(r)
                if matches!(&self.heap.get(*r).kind,
                    Kind::Generator(s) if s.queue.is_none() && s.underlying.is_some() == helper) =>
            {
                *r
            }
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
        let helper_closed = self.realm.hooks[crate::builtins::HOOK_HELPER_CLOSED];
        let Some(s) = self.generator(g) else {
            return Ok(Value::Undefined);
        };
        match (&s.state, mode) {
            (GenState::Running { .. }, _) => Err(self.type_error("Generator is already running")),
            (GenState::Start(_), RESUME_RETURN) if helper => {
                // A helper not yet started is finished and closes its underlying iterator in
                // the prelude's `helperClosed` (which answers `{ value: undefined, done:
                // true }`): nothing changes here, in case the call is not carried out.
                let Some(hook) = helper_closed else {
                    s.state = GenState::Done;
                    return Ok(self.iter_result_object(Value::Undefined, true));
                };
                self.tail_call = Some((Value::Obj(hook), Value::Undefined, vec![this.clone()]));
                Ok(Value::Undefined)
            }
            (GenState::Start(_), RESUME_RETURN) | (GenState::Done, RESUME_RETURN) => {
                s.state = GenState::Done;
                Ok(self.iter_result_object(v, true))
            }
            (GenState::Start(_), RESUME_THROW) | (GenState::Done, RESUME_THROW) => {
                s.state = GenState::Done;
                Err(Throw::Value(v))
            }
            (GenState::Done, _) => Ok(self.iter_result_object(Value::Undefined, true)),
            _ => {
                self.gen_resume = Some((g, v, mode));
                Ok(Value::Undefined)
            }
        }
    }

    /// `AsyncGenerator.prototype.next/return/throw`: a promise for the request, queued; a
    /// generator that is not running takes it at once (through `gen_resume`).
    pub(crate) fn async_gen_method(&mut self, this: &Value, v: Value, mode: u8) -> JsResult<Value> {
        let p = self.new_promise();
        let g = match this {
            Value::Obj(r) if matches!(&self.heap.get(*r).kind, Kind::Generator(s) if s.queue.is_some()) => {
                *r
            }
            _ => {
                let name = ["next", "throw", "return"][mode as usize];
                let e = self.make_error(
                    self.realm.type_error_proto,
                    &format!("{name} method called on incompatible receiver"),
                );
                self.settle(p, e, true);
                return Ok(Value::Obj(p));
            }
        };
        self.heap.charge(std::mem::size_of::<(u8, Value, ObjRef)>());
        let running = match self.generator(g) {
            Some(s) => {
                if let Some(q) = s.queue.as_mut() {
                    q.push_back((mode, v, p));
                }
                matches!(s.state, GenState::Running { .. })
            }
            None => true,
        };
        if !running {
            self.gen_resume = Some((g, Value::Obj(p), RESUME_QUEUED));
        }
        Ok(Value::Obj(p))
    }

    /// Carries out `gen_resume`: generator `g`'s frame goes back on the frame stack, its
    /// caller waiting as `kind`.
    pub(crate) fn resume_generator(
        &mut self,
        g: ObjRef,
        v: Value,
        mode: u8,
        kind: FrameKind,
    ) -> JsResult<()> {
        if mode == RESUME_QUEUED {
            return self.async_gen_resume_next(g, Some((kind, v.as_obj())));
        }
        // A call op waits for the resume (not a promise job): a throw into the body goes
        // back to that op's own throw path, which unwinds from the generator's frame.
        let from_op = !matches!(kind, FrameKind::Job(_) | FrameKind::Thenable(_));
        self.enter_generator(g, v, mode, Some((kind, None)), from_op)
    }

    /// Async generator `g` takes its oldest queued request, if it is not running: a done
    /// (or not yet started and asked to return or throw) generator settles it at once, and
    /// the next, and so on; otherwise its frame resumes with it. `caller` waits for the
    /// promise of the request that started this.
    fn async_gen_resume_next(&mut self, g: ObjRef, caller: Caller) -> JsResult<()> {
        let mut caller = caller;
        while let Some(s) = self.generator(g) {
            let Some(&(mode, ref v, p)) = s.queue.as_ref().and_then(|q| q.front()) else {
                break;
            };
            let v = v.clone();
            let finished = match (&s.state, mode) {
                (GenState::Running { .. }, _) => break,
                (GenState::Done, _) => true,
                (GenState::Start(_), m) => m != RESUME_NEXT,
                _ => false,
            };
            if !finished {
                return self.enter_generator(g, v, mode, caller, false);
            }
            s.state = GenState::Done;
            if let Some(q) = s.queue.as_mut() {
                q.pop_front();
            }
            match mode {
                RESUME_THROW => self.settle(p, v, true),
                RESUME_RETURN => {
                    let r = self.iter_result_object(v, true);
                    self.settle(p, r, false);
                }
                _ => {
                    let r = self.iter_result_object(Value::Undefined, true);
                    self.settle(p, r, false);
                }
            }
            if let Some((kind, Some(p))) = caller.take() {
                self.deliver(kind, Value::Obj(p))?;
            }
        }
        if let Some((kind, Some(p))) = caller {
            self.deliver(kind, Value::Obj(p))?;
        }
        Ok(())
    }

    /// Puts generator `g`'s frame back on the frame stack and resumes it in `mode` with `v`.
    fn enter_generator(
        &mut self,
        g: ObjRef,
        v: Value,
        mode: u8,
        caller: Caller,
        throw_to_op: bool,
    ) -> JsResult<()> {
        let state = match self.generator(g) {
            Some(s) => std::mem::replace(&mut s.state, GenState::Running { caller }),
            None => return Ok(()),
        };
        let (co, delegate, started) = match state {
            GenState::Start(co) => (co, false, false),
            GenState::Yield { co, delegate } => (co, delegate, true),
            other => {
                // Answered by `gen_method`; put it back.
                if let Some(s) = self.generator(g) {
                    s.state = other;
                }
                return Ok(());
            }
        };
        if self.frames.len() >= self.frame_room
            || self.stack.len() + co.stack.len() + 2 > self.stack.capacity()
        {
            if let Err(e) = self.reserve_call(co.stack.len() + 2) {
                // Not resumed: it stays where it was.
                if let Some(s) = self.generator(g) {
                    s.state = if started {
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
            RESUME_THROW if throw_to_op => Err(Throw::Value(v)),
            RESUME_THROW => self.throw_value(v),
            _ => {
                self.stack.push(v);
                self.stack.push(Value::Bool(mode == RESUME_RETURN));
                Ok(())
            }
        }
    }
}
