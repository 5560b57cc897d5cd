//! The collector: roots of the VM and when to collect.

use super::*;

impl Vm {
    // ---------- GC ----------

    pub fn maybe_gc(&mut self) -> JsResult<()> {
        if !self.heap.wants_gc() {
            return Ok(());
        }
        self.gc();
        let mut stack_bytes = 0;
        for v in &self.stack {
            if let Value::Str(s) = v {
                stack_bytes += s.byte_size();
            }
        }
        let slots = self.stack.len() * 24;
        self.heap.bytes += stack_bytes + slots;
        if self.heap.bytes > self.limits.max_memory_bytes {
            return Err(self.fatal_memory());
        }
        // The next collection leaves the heap its usual room above the stack's slots: a deep
        // stack over a small heap must not make every safe point collect again (that was
        // quadratic in the depth). Large strings on the stack still count against the room,
        // so a loop that drops them is collected before it reaches the limit.
        self.heap.next_gc = self
            .heap
            .next_gc
            .saturating_add(slots)
            .min(self.limits.max_memory_bytes + 1);
        Ok(())
    }

    pub fn gc(&mut self) {
        let mut roots: Vec<ObjRef> = self.realm.roots();
        roots.extend(self.extra_roots.iter().copied());
        roots.extend(self.template_objects.values().copied());
        for v in &self.stack {
            if let Some(r) = v.heap_ref() {
                roots.push(r);
            }
        }
        for f in &self.frames {
            f.trace(&mut roots);
        }
        for j in &self.jobs {
            let vals: Vec<&Value> = match j {
                Job::Reaction {
                    handler,
                    arg,
                    target,
                    ..
                } => {
                    match target {
                        ReactionTarget::Promise(t) | ReactionTarget::Await(t) => roots.push(*t),
                        ReactionTarget::None => {}
                    }
                    vec![handler, arg]
                }
                Job::Thenable {
                    promise,
                    thenable,
                    then,
                } => {
                    roots.push(*promise);
                    vec![thenable, then]
                }
            };
            for v in vals {
                if let Some(r) = v.heap_ref() {
                    roots.push(r);
                }
            }
        }
        roots.extend(self.pending.values().flatten().copied());
        roots.extend(self.unhandled.iter().copied());
        if let Some((c, t, a)) = &self.tail_call {
            for v in std::iter::once(c).chain(std::iter::once(t)).chain(a.iter()) {
                if let Some(r) = v.heap_ref() {
                    roots.push(r);
                }
            }
        }
        if let Some((Value::Obj(r), _)) = &self.pending_conversion {
            roots.push(*r);
        }
        if let Some((g, v, _)) = &self.gen_resume {
            roots.push(*g);
            if let Some(r) = v.heap_ref() {
                roots.push(r);
            }
        }
        for v in &self.argbuf {
            if let Some(r) = v.heap_ref() {
                roots.push(r);
            }
        }
        self.heap.collect(&roots, std::iter::empty());
    }
}
