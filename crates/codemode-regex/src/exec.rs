//! The backtracking VM: ECMAScript's matcher semantics over UTF-16 code units, with an
//! explicit backtrack stack (no native recursion), fuel charged in bulk and the stack's
//! growth charged to a memory budget.

use crate::ast::Assertion;
use crate::compile::{Inst, One, Program};
use crate::set::{is_line_terminator, Folding};
use crate::{Budget, Exhausted};

/// An unset capture slot.
pub const UNSET: usize = usize::MAX;

/// Steps between two charges to the budget.
const STEP_CHUNK: u32 = 256;

/// Backtrack entries the first memory charge covers; the charge doubles after that.
const FIRST_STACK_CHARGE: usize = 1024;

/// What backtracking pops: a place to resume, or an undo record.
#[derive(Clone, Copy, Debug)]
enum Bt {
    /// Resume at `pc` with `pos`.
    Branch { pc: u32, pos: usize },
    /// Undo a capture write.
    Cap { slot: u32, old: usize },
    /// Undo a loop counter change.
    Counter { k: u32, count: u32, start: usize },
    /// A greedy `Star` that can give back characters down to `min_pos`: resume at `pc`.
    Star { pc: u32, min_pos: usize, pos: usize },
    /// A lazy `Star` at instruction `star` that can take one more character.
    LazyStar { star: u32, pos: usize, count: u32 },
    /// The bottom of a lookaround's body: reaching it by backtracking means the body
    /// failed (negative lookarounds then succeed, resuming at `resume` with `pos`).
    Look {
        negate: bool,
        resume: u32,
        pos: usize,
    },
}

impl Bt {
    fn is_undo(&self) -> bool {
        matches!(self, Bt::Cap { .. } | Bt::Counter { .. })
    }
}

/// A backtrack stack kept between matches holds at most this many entries' room; a
/// larger one (a hostile pattern's) is freed when its match ends.
const KEEP_STACK: usize = 4096;

/// The matcher's working memory, reusable from one match to the next so a match of a
/// short subject allocates nothing but its result (see [`crate::Scratch`]).
#[derive(Debug, Default)]
pub struct Scratch {
    stack: Vec<Bt>,
    caps: Vec<usize>,
    counters: Vec<(u32, usize)>,
    looks: Vec<(usize, usize)>,
}

struct State<'a, B: Budget> {
    prog: &'a Program,
    input: &'a [u16],
    budget: &'a mut B,
    stack: &'a mut Vec<Bt>,
    /// Backtrack entries already charged to the memory budget.
    charged: usize,
    caps: &'a mut Vec<usize>,
    counters: &'a mut Vec<(u32, usize)>,
    looks: &'a mut Vec<(usize, usize)>,
    steps: u32,
    fold: Option<&'static Folding>,
}

impl Scratch {
    /// The capture slots of the last successful [`exec`] (pairs of start and end, `UNSET`
    /// for an unset group).
    pub fn slots(&self) -> &[usize] {
        &self.caps
    }
}

/// Runs `prog` on `input` from `start`: whether it matches, the capture slots of the first
/// match then left in `scratch` ([`Scratch::slots`]). The working memory comes from
/// `scratch` and goes back to it.
pub fn exec<B: Budget>(
    prog: &Program,
    input: &[u16],
    start: usize,
    sticky: bool,
    budget: &mut B,
    scratch: &mut Scratch,
) -> Result<bool, Exhausted> {
    if start > input.len() {
        return Ok(false);
    }
    let fold = if prog.ignore_case {
        Some(if prog.unicode {
            crate::set::simple_folding()
        } else {
            crate::set::upper_folding()
        })
    } else {
        None
    };
    let Scratch {
        stack,
        caps,
        counters,
        looks,
    } = scratch;
    // Each attempt sets every capture slot; a counter or a lookaround's record is written
    // (LoopInit, LookStart) before it is read, so stale values never show.
    caps.truncate(prog.slots);
    caps.resize(prog.slots, UNSET);
    if counters.len() < prog.loops {
        counters.resize(prog.loops, (0, 0));
    }
    if looks.len() < prog.looks {
        looks.resize(prog.looks, (0, 0));
    }
    stack.clear();
    let mut st = State {
        prog,
        input,
        budget: &mut *budget,
        stack,
        charged: 0,
        caps,
        counters,
        looks,
        steps: 0,
        fold,
    };
    let result = st.search(start, sticky);
    let st_steps = st.steps;
    if scratch.stack.capacity() > KEEP_STACK {
        scratch.stack = Vec::new();
    }
    scratch.stack.clear();
    let found = result?;
    if st_steps > 0 {
        budget.steps(st_steps as u64)?;
    }
    Ok(found)
}

impl<B: Budget> State<'_, B> {
    /// The attempts from `start` on (only at `start` when sticky or anchored): true on a
    /// match, its captures in `caps`. Steps not yet charged stay in `steps`.
    fn search(&mut self, start: usize, sticky: bool) -> Result<bool, Exhausted> {
        let prog = self.prog;
        let input = self.input;
        let st = self;
        let mut at = start;
        let result = loop {
            if input.len() - at < prog.min_len {
                break false;
            }
            if !sticky && !prog.anchored {
                if let Some(first) = &prog.first {
                    // Skip the positions no match can start at (each a step).
                    let mut skipped = 0u32;
                    loop {
                        match read_fwd(input, at, prog.unicode) {
                            Some((c, _)) if c < 128 && prog.first_ascii.has(c) => break,
                            Some((c, _)) if c >= 128 && first.contains(c) => break,
                            Some((_, n)) => at = n,
                            None => break,
                        }
                        skipped += 1;
                        if skipped >= STEP_CHUNK {
                            st.step(skipped)?;
                            skipped = 0;
                        }
                    }
                    st.step(skipped)?;
                    if at >= input.len() {
                        break false;
                    }
                }
            }
            if st.run(at)? {
                st.caps[0] = at;
                break true;
            }
            if sticky || prog.anchored || at >= input.len() {
                break false;
            }
            at = match read_fwd(input, at, prog.unicode) {
                Some((_, n)) => n,
                None => break false,
            };
        };
        Ok(result)
    }
}

/// The character at `pos` and the position after it.
#[inline]
fn read_fwd(input: &[u16], pos: usize, unicode: bool) -> Option<(u32, usize)> {
    let u = *input.get(pos)? as u32;
    if unicode && (0xD800..0xDC00).contains(&u) {
        if let Some(&t) = input.get(pos + 1) {
            if (0xDC00..0xE000).contains(&t) {
                return Some((
                    0x10000 + ((u - 0xD800) << 10) + (t as u32 - 0xDC00),
                    pos + 2,
                ));
            }
        }
    }
    Some((u, pos + 1))
}

/// The character before `pos` and the position before it.
#[inline]
fn read_back(input: &[u16], pos: usize, unicode: bool) -> Option<(u32, usize)> {
    if pos == 0 {
        return None;
    }
    let u = *input.get(pos - 1)? as u32;
    if unicode && (0xDC00..0xE000).contains(&u) && pos >= 2 {
        let l = input[pos - 2] as u32;
        if (0xD800..0xDC00).contains(&l) {
            return Some((0x10000 + ((l - 0xD800) << 10) + (u - 0xDC00), pos - 2));
        }
    }
    Some((u, pos - 1))
}

fn is_word(input: &[u16], i: usize, unicode_ci: bool) -> bool {
    match input.get(i) {
        Some(&u) => {
            let u = u as u32;
            matches!(u, 0x30..=0x39 | 0x41..=0x5A | 0x5F | 0x61..=0x7A)
                || (unicode_ci && (u == 0x17F || u == 0x212A))
        }
        None => false,
    }
}

impl<B: Budget> State<'_, B> {
    #[inline]
    fn push(&mut self, bt: Bt) -> Result<(), Exhausted> {
        self.stack.push(bt);
        if self.stack.len() > self.charged {
            self.charged = (self.charged * 2).max(FIRST_STACK_CHARGE);
            self.budget
                .memory(self.charged.saturating_mul(std::mem::size_of::<Bt>()))?;
        }
        Ok(())
    }

    #[inline]
    fn step(&mut self, n: u32) -> Result<(), Exhausted> {
        self.steps = self.steps.saturating_add(n);
        if self.steps >= STEP_CHUNK {
            let s = self.steps;
            self.steps = 0;
            self.budget.steps(s as u64)?;
        }
        Ok(())
    }

    #[inline]
    fn matches_one(&self, m: &One, c: u32) -> bool {
        match m {
            One::Char(x) => *x == c,
            One::Set(i, negate) => {
                let i = *i as usize;
                let member = if c < 128 {
                    self.prog.ascii[i].has(c)
                } else {
                    self.prog.sets[i].contains(c)
                };
                member != *negate
            }
            One::Dot { all } => *all || !is_line_terminator(c),
        }
    }

    /// Up to `limit` characters matched by `m` leftwards from `pos`, each a step: (count,
    /// position after them, position after the first `min` of them).
    fn scan_back(
        &mut self,
        m: &One,
        pos: usize,
        min: u32,
        limit: u32,
    ) -> Result<(u32, usize, usize), Exhausted> {
        let (mut count, mut p, mut min_pos) = (0u32, pos, pos);
        while count < limit {
            match self.one(m, p, true) {
                Some(n) => p = n,
                None => break,
            }
            count += 1;
            if count == min {
                min_pos = p;
            }
            if count % STEP_CHUNK == 0 {
                self.step(STEP_CHUNK)?;
            }
        }
        self.step(count % STEP_CHUNK)?;
        Ok((count, p, min_pos))
    }

    /// [`State::scan_back`] rightwards: ASCII units are tested without decoding, a set's
    /// against its bitmap.
    fn scan_fwd(
        &mut self,
        m: &One,
        pos: usize,
        min: u32,
        limit: u32,
    ) -> Result<(u32, usize, usize), Exhausted> {
        let prog = self.prog;
        let input = self.input;
        let ascii_ok = |u: u32| match m {
            One::Char(x) => *x == u,
            One::Set(i, negate) => prog.ascii[*i as usize].has(u) != *negate,
            One::Dot { all } => *all || !is_line_terminator(u),
        };
        let (mut count, mut p, mut min_pos) = (0u32, pos, pos);
        while count < limit {
            // Charge each full chunk as it completes.
            let chunk_end = limit.min((count / STEP_CHUNK + 1) * STEP_CHUNK);
            while count < chunk_end {
                let Some(&u) = input.get(p) else { break };
                let u = u as u32;
                let next = if u < 128 {
                    if !ascii_ok(u) {
                        break;
                    }
                    p + 1
                } else {
                    match read_fwd(input, p, prog.unicode) {
                        Some((c, n)) if self.matches_one(m, c) => n,
                        _ => break,
                    }
                };
                p = next;
                count += 1;
                if count == min {
                    min_pos = p;
                }
            }
            if count < chunk_end {
                break;
            }
            if count % STEP_CHUNK == 0 {
                self.step(STEP_CHUNK)?;
            }
        }
        self.step(count % STEP_CHUNK)?;
        Ok((count, p, min_pos))
    }

    /// One character matched by `m` at `pos` in the direction: the new position.
    #[inline(always)]
    fn one(&self, m: &One, pos: usize, back: bool) -> Option<usize> {
        let (c, next) = if back {
            read_back(self.input, pos, self.prog.unicode)?
        } else {
            read_fwd(self.input, pos, self.prog.unicode)?
        };
        self.matches_one(m, c).then_some(next)
    }

    /// Writes a capture slot, with its undo record when there is something to backtrack
    /// to (with an empty stack a failure ends the attempt, and the next one resets the
    /// slots).
    fn set_cap(&mut self, slot: u32, v: usize) -> Result<(), Exhausted> {
        let old = self.caps[slot as usize];
        if !self.stack.is_empty() {
            self.push(Bt::Cap { slot, old })?;
        }
        self.caps[slot as usize] = v;
        Ok(())
    }

    fn set_counter(&mut self, k: u32, v: (u32, usize)) -> Result<(), Exhausted> {
        let (count, start) = self.counters[k as usize];
        if !self.stack.is_empty() {
            self.push(Bt::Counter { k, count, start })?;
        }
        self.counters[k as usize] = v;
        Ok(())
    }

    fn assert(&self, a: Assertion, pos: usize) -> bool {
        let input = self.input;
        match a {
            Assertion::Start { multiline } => {
                pos == 0 || (multiline && is_line_terminator(input[pos - 1] as u32))
            }
            Assertion::End { multiline } => {
                pos == input.len() || (multiline && is_line_terminator(input[pos] as u32))
            }
            Assertion::WordBoundary { negate, unicode_ci } => {
                let a_ = pos > 0 && is_word(input, pos - 1, unicode_ci);
                let b_ = is_word(input, pos, unicode_ci);
                (a_ != b_) != negate
            }
        }
    }

    fn canon(&self, c: u32) -> u32 {
        match self.fold {
            Some(f) => f.canonical(c),
            None => c,
        }
    }

    /// `\n`: the new position, or `None`.
    fn backref(
        &mut self,
        group: u32,
        pos: usize,
        back: bool,
        ignore_case: bool,
    ) -> Result<Option<usize>, Exhausted> {
        let (s, e) = (
            self.caps[2 * group as usize],
            self.caps[2 * group as usize + 1],
        );
        if s == UNSET || e == UNSET {
            return Ok(Some(pos));
        }
        let len = e - s;
        self.step((len as u32 / 8).max(1))?;
        let input = self.input;
        let range = if back {
            if pos < len {
                return Ok(None);
            }
            pos - len..pos
        } else {
            if pos + len > input.len() {
                return Ok(None);
            }
            pos..pos + len
        };
        let (a, b) = (&input[s..e], &input[range.clone()]);
        let same = if !ignore_case || self.fold.is_none() {
            a == b
        } else if self.prog.unicode {
            let ca = char::decode_utf16(a.iter().copied()).map(|r| {
                r.map(|c| c as u32)
                    .unwrap_or_else(|e| e.unpaired_surrogate() as u32)
            });
            let cb = char::decode_utf16(b.iter().copied()).map(|r| {
                r.map(|c| c as u32)
                    .unwrap_or_else(|e| e.unpaired_surrogate() as u32)
            });
            ca.map(|c| self.canon(c)).eq(cb.map(|c| self.canon(c)))
        } else {
            a.iter()
                .zip(b)
                .all(|(&x, &y)| x == y || self.canon(x as u32) == self.canon(y as u32))
        };
        Ok(same.then_some(if back { range.start } else { range.end }))
    }

    /// Pops to the next place to resume: `Some((pc, pos))`, or `None` when the attempt
    /// at this start failed.
    fn backtrack(&mut self) -> Result<Option<(u32, usize)>, Exhausted> {
        while let Some(bt) = self.stack.pop() {
            self.step(1)?;
            match bt {
                Bt::Branch { pc, pos } => return Ok(Some((pc, pos))),
                Bt::Cap { slot, old } => self.caps[slot as usize] = old,
                Bt::Counter { k, count, start } => self.counters[k as usize] = (count, start),
                Bt::Star { pc, min_pos, pos } => {
                    let Inst::Star { back, .. } = self.prog.insts[pc as usize - 1] else {
                        continue;
                    };
                    let give = if back {
                        read_fwd(self.input, pos, self.prog.unicode)
                    } else {
                        read_back(self.input, pos, self.prog.unicode)
                    };
                    let Some((_, p)) = give else { continue };
                    if p != min_pos {
                        self.stack.push(Bt::Star {
                            pc,
                            min_pos,
                            pos: p,
                        });
                    }
                    return Ok(Some((pc, p)));
                }
                Bt::LazyStar { star, pos, count } => {
                    let Inst::Star { m, max, back, .. } = &self.prog.insts[star as usize] else {
                        continue;
                    };
                    if count >= *max {
                        continue;
                    }
                    let Some(p) = self.one(m, pos, *back) else {
                        continue;
                    };
                    self.push(Bt::LazyStar {
                        star,
                        pos: p,
                        count: count + 1,
                    })?;
                    return Ok(Some((star + 1, p)));
                }
                Bt::Look {
                    negate,
                    resume,
                    pos,
                } => {
                    if negate {
                        return Ok(Some((resume, pos)));
                    }
                }
            }
        }
        Ok(None)
    }

    /// One attempt at `start`: true on a match (captures in `caps`).
    fn run(&mut self, start: usize) -> Result<bool, Exhausted> {
        self.stack.clear();
        self.caps.iter_mut().for_each(|c| *c = UNSET);
        let mut pc: u32 = 0;
        let mut pos = start;
        let prog = self.prog;
        loop {
            self.step(1)?;
            let ok = match &prog.insts[pc as usize] {
                Inst::One { m, back } => match self.one(m, pos, *back) {
                    Some(p) => {
                        pos = p;
                        true
                    }
                    None => false,
                },
                Inst::Star {
                    m,
                    min,
                    max,
                    greedy,
                    back,
                    possessive,
                } => {
                    let (min, max, greedy, back) = (*min, *max, *greedy, *back);
                    let limit = if greedy { max } else { min };
                    let (count, p, min_pos) = if back {
                        self.scan_back(m, pos, min, limit)?
                    } else {
                        self.scan_fwd(m, pos, min, limit)?
                    };
                    if count < min {
                        false
                    } else {
                        if greedy {
                            if count > min && !*possessive {
                                self.push(Bt::Star {
                                    pc: pc + 1,
                                    min_pos,
                                    pos: p,
                                })?;
                            }
                        } else if count < max {
                            self.push(Bt::LazyStar {
                                star: pc,
                                pos: p,
                                count,
                            })?;
                        }
                        pos = p;
                        true
                    }
                }
                Inst::Split { prefer, other } => {
                    self.push(Bt::Branch { pc: *other, pos })?;
                    pc = *prefer;
                    continue;
                }
                Inst::Jmp(t) => {
                    pc = *t;
                    continue;
                }
                Inst::Save(slot) => {
                    self.set_cap(*slot, pos)?;
                    true
                }
                Inst::Assert(a) => self.assert(*a, pos),
                Inst::BackRef {
                    group,
                    back,
                    ignore_case,
                } => match self.backref(*group, pos, *back, *ignore_case)? {
                    Some(p) => {
                        pos = p;
                        true
                    }
                    None => false,
                },
                Inst::BackRefAny {
                    list,
                    back,
                    ignore_case,
                } => {
                    // The groups of a duplicated name: at most one is set (an unset one
                    // matches empty).
                    let groups = &prog.ref_lists[*list as usize];
                    self.step((groups.len() / 8) as u32)?;
                    let set = groups.iter().copied().find(|&g| {
                        self.caps[2 * g as usize] != UNSET && self.caps[2 * g as usize + 1] != UNSET
                    });
                    let found = match set {
                        Some(group) => self.backref(group, pos, *back, *ignore_case)?,
                        None => Some(pos),
                    };
                    match found {
                        Some(p) => {
                            pos = p;
                            true
                        }
                        None => false,
                    }
                }
                Inst::LoopInit(k) => {
                    self.set_counter(*k, (0, UNSET))?;
                    true
                }
                Inst::LoopHead {
                    k,
                    min,
                    max,
                    greedy,
                    exit,
                } => {
                    let count = self.counters[*k as usize].0;
                    if count >= *max {
                        pc = *exit;
                        continue;
                    }
                    if count >= *min {
                        if *greedy {
                            self.push(Bt::Branch { pc: *exit, pos })?;
                        } else {
                            self.push(Bt::Branch { pc: pc + 1, pos })?;
                            pc = *exit;
                            continue;
                        }
                    }
                    true
                }
                Inst::LoopEnter { k, caps } => {
                    let count = self.counters[*k as usize].0;
                    self.set_counter(*k, (count, pos))?;
                    for slot in caps.0..caps.1 {
                        if self.caps[slot as usize] != UNSET {
                            self.set_cap(slot, UNSET)?;
                        }
                    }
                    true
                }
                Inst::LoopEnd { k, min, head } => {
                    let (count, start) = self.counters[*k as usize];
                    if count >= *min && pos == start {
                        false
                    } else {
                        self.set_counter(*k, (count.saturating_add(1), start))?;
                        pc = *head;
                        continue;
                    }
                }
                Inst::LookStart { id, negate, end } => {
                    self.looks[*id as usize] = (self.stack.len(), pos);
                    self.push(Bt::Look {
                        negate: *negate,
                        resume: *end,
                        pos,
                    })?;
                    true
                }
                Inst::LookEnd { id, negate } => {
                    let (height, at) = self.looks[*id as usize];
                    if *negate {
                        // The body matched: the negative lookaround fails. Undo what
                        // the body did, drop its barrier, and backtrack.
                        while self.stack.len() > height + 1 {
                            self.step(1)?;
                            match self.stack.pop() {
                                Some(Bt::Cap { slot, old }) => self.caps[slot as usize] = old,
                                Some(Bt::Counter { k, count, start }) => {
                                    self.counters[k as usize] = (count, start)
                                }
                                _ => {}
                            }
                        }
                        self.stack.truncate(height);
                        false
                    } else {
                        // The body matched: keep its captures (and their undo records),
                        // drop its alternatives.
                        let tail = self.stack.split_off(height.min(self.stack.len()));
                        self.step((tail.len() as u32).min(u32::MAX / 2))?;
                        self.stack
                            .extend(tail.into_iter().skip(1).filter(Bt::is_undo));
                        pos = at;
                        true
                    }
                }
                Inst::Lit { start, len } => {
                    let (start, len) = (*start as usize, *len as usize);
                    // One step per character, as the `One`s it stands for (one is
                    // already charged).
                    self.step(len as u32 - 1)?;
                    let lit = &prog.lits[start..start + len];
                    match self.input.get(pos..pos + len) {
                        Some(s) if s == lit => {
                            // Past the run (its other instructions are placeholders).
                            pos += len;
                            pc += len as u32 - 1;
                            true
                        }
                        _ => false,
                    }
                }
                Inst::Match => {
                    self.caps[1] = pos;
                    return Ok(true);
                }
            };
            if ok {
                pc += 1;
            } else {
                match self.backtrack()? {
                    Some((p, q)) => {
                        pc = p;
                        pos = q;
                    }
                    None => return Ok(false),
                }
            }
        }
    }
}
