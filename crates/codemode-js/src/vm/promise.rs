//! Promises and the job queue: settlement, reactions, resuming async frames.

use super::*;

impl Vm {
    // ---------- promises ----------

    pub fn new_promise(&mut self) -> ObjRef {
        let p = self.realm.promise_proto;
        self.alloc(
            Some(p),
            Kind::Promise(Box::new(PromiseData {
                state: PromiseState::Pending,
                reactions: Vec::new(),
                handled: false,
            })),
        )
    }

    pub fn is_promise(&self, v: &Value) -> Option<ObjRef> {
        match v {
            Value::Obj(r) if matches!(self.heap.get(*r).kind, Kind::Promise(_)) => Some(*r),
            _ => None,
        }
    }

    /// The promise resolve function's logic.
    pub fn resolve_promise(&mut self, p: ObjRef, v: Value) -> JsResult<()> {
        if let Value::Obj(r) = &v {
            if *r == p {
                let e = self.type_error("Chaining cycle detected for promise #<Promise>");
                let Throw::Value(e) = e else { return Ok(()) };
                self.settle(p, e, true);
                return Ok(());
            }
            let then = match self.get_prop(&v, &JsStr::from_str("then")) {
                Ok(t) => t,
                Err(Throw::Value(e)) => {
                    self.settle(p, e, true);
                    return Ok(());
                }
                Err(f) => return Err(f),
            };
            if self.is_callable(&then) {
                self.jobs.push_back(Job::Thenable {
                    promise: p,
                    thenable: v,
                    then,
                });
                return Ok(());
            }
        }
        self.settle(p, v, false);
        Ok(())
    }

    pub fn settle(&mut self, p: ObjRef, v: Value, rejected: bool) {
        let reactions = match &mut self.heap.get_mut(p).kind {
            Kind::Promise(pd) => {
                if !matches!(pd.state, PromiseState::Pending) {
                    return;
                }
                pd.state = if rejected {
                    PromiseState::Rejected(v.clone())
                } else {
                    PromiseState::Fulfilled(v.clone())
                };
                if rejected && !pd.handled {
                    self.unhandled.push(p);
                }
                std::mem::take(&mut pd.reactions)
            }
            _ => return,
        };
        for re in reactions {
            self.jobs.push_back(Job::Reaction {
                handler: if rejected {
                    re.on_rejected
                } else {
                    re.on_fulfilled
                },
                arg: v.clone(),
                target: re.target,
                rejected,
            });
        }
    }

    pub fn perform_then(&mut self, p: ObjRef, on_f: Value, on_r: Value, target: ReactionTarget) {
        let Kind::Promise(pd) = &mut self.heap.get_mut(p).kind else {
            return;
        };
        let was_handled = pd.handled;
        pd.handled = true;
        match pd.state.clone() {
            PromiseState::Pending => pd.reactions.push(Reaction {
                on_fulfilled: on_f,
                on_rejected: on_r,
                target,
            }),
            PromiseState::Fulfilled(v) => self.jobs.push_back(Job::Reaction {
                handler: on_f,
                arg: v,
                target,
                rejected: false,
            }),
            PromiseState::Rejected(v) => {
                if !was_handled {
                    self.unhandled.retain(|x| *x != p);
                }
                self.jobs.push_back(Job::Reaction {
                    handler: on_r,
                    arg: v,
                    target,
                    rejected: true,
                })
            }
        }
    }

    /// PromiseResolve(%Promise%, v).
    pub fn promise_resolve(&mut self, v: Value) -> JsResult<ObjRef> {
        if let Some(p) = self.is_promise(&v) {
            return Ok(p);
        }
        let p = self.new_promise();
        self.resolve_promise(p, v)?;
        Ok(p)
    }

    pub fn make_resolvers(&mut self, p: ObjRef) -> (Value, Value) {
        let fp = self.realm.function_proto;
        let already = self.alloc(None, Kind::Cell(Value::Bool(false)));
        let res = self.alloc(
            Some(fp),
            Kind::Resolver {
                promise: p,
                reject: false,
                already,
            },
        );
        let rej = self.alloc(
            Some(fp),
            Kind::Resolver {
                promise: p,
                reject: true,
                already,
            },
        );
        (Value::Obj(res), Value::Obj(rej))
    }

    pub(crate) fn call_resolver(&mut self, r: ObjRef, arg: Value) -> JsResult<()> {
        let Kind::Resolver {
            promise,
            reject,
            already,
        } = self.heap.get(r).kind.clone()
        else {
            return Ok(());
        };
        if let Kind::Cell(Value::Bool(true)) = self.heap.get(already).kind {
            return Ok(());
        }
        self.heap.get_mut(already).kind = Kind::Cell(Value::Bool(true));
        if reject {
            self.settle(promise, arg, true);
            Ok(())
        } else {
            self.resolve_promise(promise, arg)
        }
    }

    pub(crate) fn settle_target(
        &mut self,
        target: Option<ObjRef>,
        v: Value,
        rejected: bool,
    ) -> JsResult<()> {
        if let Some(t) = target {
            if rejected {
                self.settle(t, v, true);
            } else {
                self.resolve_promise(t, v)?;
            }
        }
        Ok(())
    }

    /// Runs one job (the frame stack is empty). Returns false if there was none.
    pub fn run_job(&mut self) -> JsResult<bool> {
        let Some(job) = self.jobs.pop_front() else {
            return Ok(false);
        };
        match job {
            Job::Reaction {
                handler,
                arg,
                target,
                rejected,
            } => match target {
                ReactionTarget::Await(co) => self.resume(co, arg, rejected)?,
                ReactionTarget::Promise(_) | ReactionTarget::None => {
                    let t = match target {
                        ReactionTarget::Promise(p) => Some(p),
                        _ => None,
                    };
                    if self.is_callable(&handler) {
                        self.stack.push(handler);
                        self.stack.push(Value::Undefined);
                        self.stack.push(arg);
                        self.call_value(1, u32::MAX, FrameKind::Job(t))?;
                    } else {
                        self.settle_target(t, arg, rejected)?;
                    }
                }
            },
            Job::Thenable {
                promise,
                thenable,
                then,
            } => {
                let (res, rej) = self.make_resolvers(promise);
                if let (Some(tp), Value::Obj(tf)) = (self.is_promise(&thenable), &then) {
                    if matches!(self.heap.get(*tf).kind, Kind::Native(id) if self.natives[id as usize].1 == "then")
                    {
                        self.perform_then(tp, res, rej, ReactionTarget::None);
                        return Ok(true);
                    }
                }
                let Value::Obj(rej_ref) = rej else {
                    return Ok(true);
                };
                self.stack.push(then);
                self.stack.push(thenable);
                self.stack.push(res);
                self.stack.push(rej);
                self.call_value(2, u32::MAX, FrameKind::Thenable(rej_ref))?;
            }
        }
        Ok(true)
    }

    pub(crate) fn resume(&mut self, co: ObjRef, v: Value, rejected: bool) -> JsResult<()> {
        let Kind::Coroutine(c) = std::mem::replace(&mut self.heap.get_mut(co).kind, Kind::Free)
        else {
            return Ok(());
        };
        self.heap.get_mut(co).kind = Kind::Ordinary;
        let c = *c;
        let old_base = c.frame.base;
        let new_start = self.stack.len() as u32;
        // The saved stack starts at base - 2 (callee, this).
        let new_base = new_start + 2;
        self.stack.extend(c.stack);
        let mut frame = c.frame;
        frame.base = new_base;
        frame.resumed = true;
        let depth = self.frames.len() as u32;
        self.frames.push(frame);
        for mut h in c.handlers {
            h.frame = depth;
            self.handlers.push(h);
        }
        let _ = old_base;
        if rejected {
            self.throw_value(v)?;
        } else {
            self.stack.push(v);
        }
        Ok(())
    }
}
