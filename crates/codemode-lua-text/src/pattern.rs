//! Lua 5.4 patterns over byte strings: `find`, `match`, `gmatch`, `gsub`.
//!
//! The matcher follows PUC Lua's backtracking design and its observable behaviour
//! (which errors are raised lazily, the 200-call depth limit "pattern too complex",
//! 32 captures), with two guarantees on top: every step spends fuel from a [`Meter`],
//! and it does not recurse natively: Lua's recursive calls are frames on an explicit
//! stack bounded by that same depth limit, so no pattern can hang or overflow the
//! Rust stack.

use std::fmt;

use crate::meter::{Meter, OutOfFuel};

/// Lua's LUA_MAXCAPTURES.
pub const MAX_CAPTURES: usize = 32;
/// Lua's MAXCCALLS for the matcher: nesting beyond it is "pattern too complex".
pub const MAX_MATCH_DEPTH: u32 = 200;

const CAP_UNFINISHED: isize = -1;
const CAP_POSITION: isize = -2;

/// Bytes that make a pattern non-plain (Lua's SPECIALS).
const SPECIALS: &[u8] = b"^$*+?.([%-";

/// One successful match: byte offsets into the subject, end exclusive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    /// Offset of the first matched byte.
    pub start: usize,
    /// Offset just after the match.
    pub end: usize,
    /// The captures in pattern order (empty when the pattern has none).
    pub captures: Vec<Capture>,
}

/// One capture of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Capture {
    /// A captured substring, as byte offsets into the subject (end exclusive).
    Span {
        /// Offset of the first captured byte.
        start: usize,
        /// Offset just after the capture.
        end: usize,
    },
    /// A position capture `()`: the 1-based position Lua returns.
    Position(usize),
}

/// A capture as the Lua value it becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureValue<'a> {
    /// A string.
    Bytes(&'a [u8]),
    /// An integer (a position capture).
    Position(i64),
}

/// A pattern failure. `Malformed` carries the (catchable) Lua error message, e.g.
/// "malformed pattern (missing ']')"; `OutOfFuel` is the uncatchable exhaustion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PatternError {
    /// A Lua error with this message.
    Malformed(String),
    /// Fuel ran out: uncatchable.
    OutOfFuel,
}

impl From<OutOfFuel> for PatternError {
    fn from(_: OutOfFuel) -> Self {
        PatternError::OutOfFuel
    }
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PatternError::Malformed(m) => f.write_str(m),
            PatternError::OutOfFuel => f.write_str("out of fuel"),
        }
    }
}

impl std::error::Error for PatternError {}

fn err<T>(msg: impl Into<String>) -> Result<T, PatternError> {
    Err(PatternError::Malformed(msg.into()))
}

impl Match {
    /// The values Lua returns for this match (`string.match`, `gmatch`, the arguments
    /// of a gsub function): the captures, or the whole match when there are none.
    pub fn values<'s>(&self, subject: &'s [u8]) -> Vec<CaptureValue<'s>> {
        if self.captures.is_empty() {
            return vec![CaptureValue::Bytes(
                subject.get(self.start..self.end).unwrap_or(&[]),
            )];
        }
        self.captures
            .iter()
            .map(|c| capture_value(c, subject))
            .collect()
    }

    /// The first value (what a gsub table replacement indexes with).
    pub fn first_value<'s>(&self, subject: &'s [u8]) -> CaptureValue<'s> {
        match self.captures.first() {
            Some(c) => capture_value(c, subject),
            None => CaptureValue::Bytes(subject.get(self.start..self.end).unwrap_or(&[])),
        }
    }

    /// The matched bytes.
    pub fn whole<'s>(&self, subject: &'s [u8]) -> &'s [u8] {
        subject.get(self.start..self.end).unwrap_or(&[])
    }
}

fn capture_value<'s>(c: &Capture, subject: &'s [u8]) -> CaptureValue<'s> {
    match *c {
        Capture::Span { start, end } => CaptureValue::Bytes(subject.get(start..end).unwrap_or(&[])),
        Capture::Position(p) => CaptureValue::Position(p as i64),
    }
}

const CL_ALPHA: u16 = 1;
const CL_CNTRL: u16 = 1 << 1;
const CL_DIGIT: u16 = 1 << 2;
const CL_GRAPH: u16 = 1 << 3;
const CL_LOWER: u16 = 1 << 4;
const CL_PUNCT: u16 = 1 << 5;
const CL_SPACE: u16 = 1 << 6;
const CL_UPPER: u16 = 1 << 7;
const CL_ALNUM: u16 = 1 << 8;
const CL_XDIGIT: u16 = 1 << 9;
const CL_ZERO: u16 = 1 << 10;

/// C's ctype classes in the C locale, one bit per class, for every byte.
const CLASS_TABLE: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        let mut bits = 0;
        if c.is_ascii_alphabetic() {
            bits |= CL_ALPHA;
        }
        if c < 0x20 || c == 0x7f {
            bits |= CL_CNTRL;
        }
        if c.is_ascii_digit() {
            bits |= CL_DIGIT;
        }
        if c.is_ascii_graphic() {
            bits |= CL_GRAPH;
        }
        if c.is_ascii_lowercase() {
            bits |= CL_LOWER;
        }
        if c.is_ascii_punctuation() {
            bits |= CL_PUNCT;
        }
        if matches!(c, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r') {
            bits |= CL_SPACE;
        }
        if c.is_ascii_uppercase() {
            bits |= CL_UPPER;
        }
        if c.is_ascii_alphanumeric() {
            bits |= CL_ALNUM;
        }
        if c.is_ascii_hexdigit() {
            bits |= CL_XDIGIT;
        }
        if c == 0 {
            bits |= CL_ZERO;
        }
        t[i] = bits;
        i += 1;
    }
    t
};

/// The class bit a pattern letter names (either case), or 0 for a literal.
const CLASS_OF_LETTER: [u16; 256] = {
    let mut t = [0u16; 256];
    let pairs: [(u8, u16); 11] = [
        (b'a', CL_ALPHA),
        (b'c', CL_CNTRL),
        (b'd', CL_DIGIT),
        (b'g', CL_GRAPH),
        (b'l', CL_LOWER),
        (b'p', CL_PUNCT),
        (b's', CL_SPACE),
        (b'u', CL_UPPER),
        (b'w', CL_ALNUM),
        (b'x', CL_XDIGIT),
        (b'z', CL_ZERO),
    ];
    let mut k = 0;
    while k < pairs.len() {
        let (l, bit) = pairs[k];
        t[l as usize] = bit;
        t[l.to_ascii_uppercase() as usize] = bit;
        k += 1;
    }
    t
};

/// `%x` class test: C's ctype classes in the C locale; uppercase letters complement;
/// any other character stands for itself.
#[inline]
fn match_class(c: u8, cl: u8) -> bool {
    let bit = CLASS_OF_LETTER[usize::from(cl)];
    if bit == 0 {
        return cl == c;
    }
    let res = CLASS_TABLE[usize::from(c)] & bit != 0;
    if cl.is_ascii_lowercase() {
        res
    } else {
        !res
    }
}

/// A pending alternative (or an undo) of the backtracking matcher. Each frame stands
/// for one nested `match` call of PUC Lua's recursive matcher, so the stack depth is
/// exactly Lua's recursion depth and the same limit applies ("pattern too complex").
#[derive(Debug, Clone, Copy)]
enum Frame {
    /// A capture was opened: on failure, drop it.
    UndoStart,
    /// Capture `l` was closed: on failure, reopen it.
    UndoEnd(usize),
    /// Greedy `*`/`+`: `i` repetitions from `s` are being tried; on failure try `i - 1`.
    MaxExpand {
        s: usize,
        p: usize,
        ep: usize,
        i: usize,
    },
    /// Lazy `-`: the rest is being tried at `s`; on failure take one more repetition.
    MinExpand { s: usize, p: usize, ep: usize },
    /// `?` took its item; on failure continue at `s` without it.
    Optional { s: usize, p: usize },
}

/// A cheap test of where matches can start, used to skip hopeless positions.
#[derive(Debug, Clone, Copy)]
enum Filter {
    /// No shortcut.
    Any,
    /// The pattern is a non-empty literal: search it like `find_plain`.
    Literal,
    /// The first item is a single-character class that must match once (`pat[..ep]`).
    First { ep: usize },
}

struct State<'a, 'm> {
    src: &'a [u8],
    pat: &'a [u8],
    level: usize,
    capture: [(usize, isize); MAX_CAPTURES],
    stack: Vec<Frame>,
    meter: &'m mut Meter,
}

type Step = Result<Option<usize>, PatternError>;

thread_local! {
    /// One reusable backtrack stack per thread, so matching does not allocate per call.
    static FRAME_POOL: std::cell::Cell<Vec<Frame>> = const { std::cell::Cell::new(Vec::new()) };
}

impl Drop for State<'_, '_> {
    fn drop(&mut self) {
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        FRAME_POOL.with(|pool| pool.set(stack));
    }
}

impl<'a, 'm> State<'a, 'm> {
    fn new(src: &'a [u8], pat: &'a [u8], meter: &'m mut Meter) -> Self {
        State {
            src,
            pat,
            level: 0,
            capture: [(0, 0); MAX_CAPTURES],
            stack: FRAME_POOL.with(|pool| pool.take()),
            meter,
        }
    }

    /// Pattern byte, or 0 past the end (C reads the terminating '\0').
    #[inline]
    fn p(&self, i: usize) -> u8 {
        self.pat.get(i).copied().unwrap_or(0)
    }

    /// Subject byte, or 0 past the end.
    #[inline]
    fn s(&self, i: usize) -> u8 {
        self.src.get(i).copied().unwrap_or(0)
    }

    fn class_end(&self, mut p: usize) -> Result<usize, PatternError> {
        let c = self.p(p);
        p += 1;
        if c == b'%' {
            if p >= self.pat.len() {
                return err("malformed pattern (ends with '%')");
            }
            return Ok(p + 1);
        }
        if c == b'[' {
            if self.p(p) == b'^' {
                p += 1;
            }
            loop {
                if p >= self.pat.len() {
                    return err("malformed pattern (missing ']')");
                }
                let cc = self.p(p);
                p += 1;
                if cc == b'%' && p < self.pat.len() {
                    p += 1;
                }
                if self.p(p) == b']' {
                    break;
                }
            }
            return Ok(p + 1);
        }
        Ok(p)
    }

    /// `[set]` test; `p` at '[', `ec` at the closing ']'.
    fn match_bracket(&self, c: u8, mut p: usize, ec: usize) -> bool {
        let mut sig = true;
        if self.p(p + 1) == b'^' {
            sig = false;
            p += 1;
        }
        loop {
            p += 1;
            if p >= ec {
                break;
            }
            let pc = self.p(p);
            if pc == b'%' {
                p += 1;
                if match_class(c, self.p(p)) {
                    return sig;
                }
            } else if self.p(p + 1) == b'-' && p + 2 < ec {
                p += 2;
                if self.p(p - 2) <= c && c <= self.p(p) {
                    return sig;
                }
            } else if pc == c {
                return sig;
            }
        }
        !sig
    }

    #[inline]
    fn single_match(&mut self, s: usize, p: usize, ep: usize) -> Result<bool, PatternError> {
        let Some(&c) = self.src.get(s) else {
            return Ok(false);
        };
        Ok(match self.p(p) {
            b'.' => true,
            b'%' => match_class(c, self.p(p + 1)),
            b'[' => {
                let ec = ep.saturating_sub(1);
                self.meter.charge(((ec - p.min(ec)) / 16) as u64)?;
                self.match_bracket(c, p, ec)
            }
            pc => pc == c,
        })
    }

    fn match_balance(&mut self, s: usize, p: usize) -> Step {
        if p + 1 >= self.pat.len() {
            return err("malformed pattern (missing arguments to '%b')");
        }
        if self.s(s) != self.p(p) || s >= self.src.len() {
            return Ok(None);
        }
        let (open, close) = (self.p(p), self.p(p + 1));
        let mut cont = 1usize;
        let rest = self.src.get(s + 1..).unwrap_or(&[]);
        for (k, &c) in rest.iter().enumerate() {
            if c == close {
                cont -= 1;
                if cont == 0 {
                    self.meter.charge(1 + k as u64 / 8)?;
                    return Ok(Some(s + 1 + k + 1));
                }
            } else if c == open {
                cont += 1;
            }
        }
        self.meter.charge(1 + rest.len() as u64 / 8)?;
        Ok(None)
    }

    /// Enter a nested match (Lua's recursive `match` call) with an undo frame.
    fn push(&mut self, frame: Frame) -> Result<(), PatternError> {
        if self.stack.len() + 1 >= MAX_MATCH_DEPTH as usize {
            return err("pattern too complex");
        }
        self.stack.push(frame);
        Ok(())
    }

    fn match_capture(&mut self, s: usize, l: u8) -> Step {
        let idx = i32::from(l) - i32::from(b'1');
        let cap = usize::try_from(idx)
            .ok()
            .filter(|&i| i < self.level)
            .and_then(|i| self.capture.get(i).copied())
            .filter(|c| c.1 != CAP_UNFINISHED);
        let Some((init, len)) = cap else {
            return err(format!("invalid capture index %{}", idx + 1));
        };
        // A position capture has no length: C compares against (size_t)-2 and fails.
        let Ok(len) = usize::try_from(len) else {
            return Ok(None);
        };
        self.meter.charge(1 + len as u64 / 16)?;
        let here = self.src.get(s..s + len);
        let there = self.src.get(init..init + len);
        match (here, there) {
            (Some(a), Some(b)) if a == b => Ok(Some(s + len)),
            _ => Ok(None),
        }
    }

    /// Match `pat[p..]` against `src[s..]`: the end of the match, or `None`.
    fn do_match(&mut self, s: usize, p: usize) -> Step {
        self.stack.clear();
        let (mut s, mut p) = (s, p);
        loop {
            if let Some(e) = self.run(s, p)? {
                self.stack.clear();
                return Ok(Some(e));
            }
            match self.backtrack()? {
                Some((ns, np)) => {
                    s = ns;
                    p = np;
                }
                None => return Ok(None),
            }
        }
    }

    /// Unwind after a failure to the most recent alternative: where to resume.
    fn backtrack(&mut self) -> Result<Option<(usize, usize)>, PatternError> {
        while let Some(frame) = self.stack.pop() {
            self.meter.charge(1)?;
            match frame {
                Frame::UndoStart => self.level = self.level.saturating_sub(1),
                Frame::UndoEnd(l) => {
                    if let Some(c) = self.capture.get_mut(l) {
                        c.1 = CAP_UNFINISHED;
                    }
                }
                Frame::MaxExpand { s, p, ep, i } => {
                    if i > 0 {
                        self.stack.push(Frame::MaxExpand { s, p, ep, i: i - 1 });
                        return Ok(Some((s + i - 1, ep + 1)));
                    }
                }
                Frame::MinExpand { s, p, ep } => {
                    if self.single_match(s, p, ep)? {
                        self.stack.push(Frame::MinExpand { s: s + 1, p, ep });
                        return Ok(Some((s + 1, ep + 1)));
                    }
                }
                Frame::Optional { s, p } => return Ok(Some((s, p))),
            }
        }
        Ok(None)
    }

    /// Run forward from (s, p) until the pattern ends (success) or an item fails;
    /// choice points are pushed on the stack instead of recursing.
    fn run(&mut self, mut s: usize, mut p: usize) -> Step {
        loop {
            self.meter.charge(1)?;
            if p >= self.pat.len() {
                return Ok(Some(s));
            }
            match self.p(p) {
                b'(' => {
                    let (what, next) = if self.p(p + 1) == b')' {
                        (CAP_POSITION, p + 2)
                    } else {
                        (CAP_UNFINISHED, p + 1)
                    };
                    let level = self.level;
                    let Some(slot) = self.capture.get_mut(level) else {
                        return err("too many captures");
                    };
                    *slot = (s, what);
                    self.level = level + 1;
                    self.push(Frame::UndoStart)?;
                    p = next;
                    continue;
                }
                b')' => {
                    let Some(l) = (0..self.level)
                        .rev()
                        .find(|&l| self.capture.get(l).is_some_and(|c| c.1 == CAP_UNFINISHED))
                    else {
                        return err("invalid pattern capture");
                    };
                    if let Some(c) = self.capture.get_mut(l) {
                        c.1 = (s - c.0) as isize;
                    }
                    self.push(Frame::UndoEnd(l))?;
                    p += 1;
                    continue;
                }
                b'$' if p + 1 == self.pat.len() => {
                    return Ok(if s == self.src.len() { Some(s) } else { None });
                }
                b'%' if self.p(p + 1) == b'b' => match self.match_balance(s, p + 2)? {
                    Some(ns) => {
                        s = ns;
                        p += 4;
                        continue;
                    }
                    None => return Ok(None),
                },
                b'%' if self.p(p + 1) == b'f' => {
                    p += 2;
                    if self.p(p) != b'[' {
                        return err("missing '[' after '%f' in pattern");
                    }
                    let ep = self.class_end(p)?;
                    let previous = if s == 0 { 0 } else { self.s(s - 1) };
                    let current = self.s(s);
                    if !self.match_bracket(previous, p, ep - 1)
                        && self.match_bracket(current, p, ep - 1)
                    {
                        p = ep;
                        continue;
                    }
                    return Ok(None);
                }
                b'%' if self.p(p + 1).is_ascii_digit() => {
                    match self.match_capture(s, self.p(p + 1))? {
                        Some(ns) => {
                            s = ns;
                            p += 2;
                            continue;
                        }
                        None => return Ok(None),
                    }
                }
                _ => {}
            }
            // A single-character class with an optional repetition suffix.
            let ep = self.class_end(p)?;
            let suffix = if ep < self.pat.len() { self.p(ep) } else { 0 };
            if !self.single_match(s, p, ep)? {
                if matches!(suffix, b'*' | b'?' | b'-') {
                    p = ep + 1;
                    continue;
                }
                return Ok(None);
            }
            match suffix {
                b'?' => {
                    self.push(Frame::Optional { s, p: ep + 1 })?;
                    s += 1;
                    p = ep + 1;
                }
                b'+' | b'*' => {
                    let base = if suffix == b'+' { s + 1 } else { s };
                    let mut i = 0usize;
                    while self.single_match(base + i, p, ep)? {
                        i += 1;
                        // Charge as we go so a long run cannot overshoot the budget.
                        if i % 4096 == 0 {
                            self.meter.charge(1024)?;
                        }
                    }
                    self.meter.charge(1 + (i % 4096) as u64 / 4)?;
                    self.push(Frame::MaxExpand { s: base, p, ep, i })?;
                    s = base + i;
                    p = ep + 1;
                }
                b'-' => {
                    self.push(Frame::MinExpand { s, p, ep })?;
                    p = ep + 1;
                }
                _ => {
                    s += 1;
                    p = ep;
                }
            }
        }
    }

    /// What the first pattern item tells about where a match can start.
    fn filter(&self) -> Filter {
        let pat = self.pat;
        if pat.is_empty() {
            return Filter::Any;
        }
        if !pat.iter().any(|c| SPECIALS.contains(c) || *c == b')') {
            return Filter::Literal;
        }
        match self.p(0) {
            b'(' | b')' => return Filter::Any,
            b'%' if matches!(self.p(1), b'b' | b'f' | b'0'..=b'9') => return Filter::Any,
            b'$' if pat.len() == 1 => return Filter::Any,
            _ => {}
        }
        // A class_end error is left for the matcher to raise at the same moment Lua does.
        match self.class_end(0) {
            Ok(ep) if !matches!(self.p(ep), b'*' | b'?' | b'-') || ep >= pat.len() => {
                Filter::First { ep }
            }
            _ => Filter::Any,
        }
    }

    /// The first position at or after `from` where a match may start (positions
    /// skipped cannot match, so skipping them is invisible); `src.len() + 1` if none.
    fn next_candidate(&mut self, filter: Filter, from: usize) -> Result<usize, PatternError> {
        match filter {
            Filter::Any => Ok(from),
            Filter::Literal => {
                Ok(find_plain(self.src, self.pat, from, self.meter)?.unwrap_or(self.src.len() + 1))
            }
            Filter::First { ep } => {
                let mut s = from;
                while s < self.src.len() && !self.single_match(s, 0, ep)? {
                    s += 1;
                    if (s - from) % 4096 == 0 {
                        self.meter.charge(1024)?;
                    }
                }
                self.meter.charge(1 + ((s - from) % 4096) as u64 / 4)?;
                Ok(if s < self.src.len() {
                    s
                } else {
                    self.src.len() + 1
                })
            }
        }
    }

    /// Capture `i` as Lua's `get_onecapture` sees it (whole match when i == 0 and
    /// there are no captures).
    fn one_capture(&self, i: usize, s: usize, e: usize) -> Result<Capture, PatternError> {
        if i >= self.level {
            if i != 0 {
                return err(format!("invalid capture index %{}", i + 1));
            }
            return Ok(Capture::Span { start: s, end: e });
        }
        let (init, len) = self.capture.get(i).copied().unwrap_or((0, CAP_UNFINISHED));
        match len {
            CAP_UNFINISHED => err("unfinished capture"),
            CAP_POSITION => Ok(Capture::Position(init + 1)),
            len => Ok(Capture::Span {
                start: init,
                end: init + len as usize,
            }),
        }
    }

    /// The match for a table replacement: capture 0 must be finished (Lua indexes the
    /// table with it); later captures are kept up to the first unfinished one.
    fn to_match_first(&self, start: usize, end: usize) -> Result<Match, PatternError> {
        let mut captures = Vec::new();
        for i in 0..self.level {
            match self.one_capture(i, start, end) {
                Ok(c) => captures.push(c),
                Err(e) if i == 0 => return Err(e),
                Err(_) => break,
            }
        }
        Ok(Match {
            start,
            end,
            captures,
        })
    }

    /// The match with its captures; any unfinished capture is an error, as when Lua
    /// pushes all captures.
    fn to_match(&self, start: usize, end: usize) -> Result<Match, PatternError> {
        let mut captures = Vec::new();
        if self.level > 0 {
            captures.reserve_exact(self.level);
            for i in 0..self.level {
                captures.push(self.one_capture(i, start, end)?);
            }
        }
        Ok(Match {
            start,
            end,
            captures,
        })
    }
}

fn split_anchor(pattern: &[u8]) -> (bool, &[u8]) {
    match pattern.split_first() {
        Some((b'^', rest)) => (true, rest),
        _ => (false, pattern),
    }
}

/// True when `pattern` has no magic characters, so `find` may search it literally.
pub fn is_plain(pattern: &[u8]) -> bool {
    !pattern.iter().any(|c| SPECIALS.contains(c))
}

/// Literal search (`string.find` with `plain` or a pattern without specials):
/// the 0-based offset of the first occurrence of `needle` at or after `init`.
pub fn find_plain(
    subject: &[u8],
    needle: &[u8],
    init: usize,
    meter: &mut Meter,
) -> Result<Option<usize>, PatternError> {
    if init > subject.len() {
        return Ok(None);
    }
    let Some((&first, tail)) = needle.split_first() else {
        return Ok(Some(init));
    };
    if needle.len() > subject.len() - init {
        return Ok(None);
    }
    let last_start = subject.len() - needle.len();
    let mut pos = init;
    let per_candidate = 1 + tail.len() as u64 / 16;
    while pos <= last_start {
        let window = subject.get(pos..=last_start).unwrap_or(&[]);
        let Some(off) = window.iter().position(|&c| c == first) else {
            meter.charge(1 + window.len() as u64 / 16)?;
            return Ok(None);
        };
        meter.charge(per_candidate + off as u64 / 16)?;
        let cand = pos + off;
        if subject.get(cand + 1..cand + needle.len()) == Some(tail) {
            return Ok(Some(cand));
        }
        pos = cand + 1;
    }
    Ok(None)
}

/// Match `pattern` anchored at byte `pos` (a leading '^' is *not* special here: the
/// caller strips it). `Ok(None)` when there is no match at `pos`.
pub fn match_at(
    subject: &[u8],
    pattern: &[u8],
    pos: usize,
    meter: &mut Meter,
) -> Result<Option<Match>, PatternError> {
    if pos > subject.len() {
        return Ok(None);
    }
    let mut ms = State::new(subject, pattern, meter);
    match ms.do_match(pos, 0)? {
        Some(e) => ms.to_match(pos, e).map(Some),
        None => Ok(None),
    }
}

/// `string.find` without `plain`: honours a leading '^' and scans forward from the
/// 0-based `init` like Lua's `str_find_aux`; a pattern without magic characters is
/// searched literally, as Lua does. Return `start + 1`, `end` and the captures (none
/// when the pattern has none).
pub fn find(
    subject: &[u8],
    pattern: &[u8],
    init: usize,
    meter: &mut Meter,
) -> Result<Option<Match>, PatternError> {
    if init > subject.len() {
        return Ok(None);
    }
    if is_plain(pattern) {
        return Ok(
            find_plain(subject, pattern, init, meter)?.map(|start| Match {
                start,
                end: start + pattern.len(),
                captures: Vec::new(),
            }),
        );
    }
    str_match(subject, pattern, init, meter)
}

/// `string.match`: like [`find`] but always through the matcher (so `")"` is an
/// error here, while `find` searches it literally). Return [`Match::values`].
pub fn str_match(
    subject: &[u8],
    pattern: &[u8],
    init: usize,
    meter: &mut Meter,
) -> Result<Option<Match>, PatternError> {
    if init > subject.len() {
        return Ok(None);
    }
    let (anchor, pat) = split_anchor(pattern);
    let mut ms = State::new(subject, pat, meter);
    let filter = ms.filter();
    let mut s1 = init;
    loop {
        if !anchor {
            s1 = ms.next_candidate(filter, s1)?;
            if s1 > subject.len() {
                return Ok(None);
            }
        }
        ms.level = 0;
        if let Some(e) = ms.do_match(s1, 0)? {
            return ms.to_match(s1, e).map(Some);
        }
        s1 += 1;
        if anchor || s1 > subject.len() {
            return Ok(None);
        }
    }
}

/// One step of a `gmatch` iterator (Lua's `gmatch_aux`): the next match starting at
/// or after `pos` whose end differs from `lastmatch`, with the new position (which is
/// also the new `lastmatch`). In Lua 5.4 a '^' in a gmatch pattern is an ordinary
/// character, and so it is here.
pub fn gmatch_next(
    subject: &[u8],
    pattern: &[u8],
    pos: usize,
    lastmatch: Option<usize>,
    meter: &mut Meter,
) -> Result<Option<(Match, usize)>, PatternError> {
    let mut ms = State::new(subject, pattern, meter);
    let filter = ms.filter();
    let mut src = pos;
    while src <= subject.len() {
        src = ms.next_candidate(filter, src)?;
        if src > subject.len() {
            break;
        }
        ms.level = 0;
        if let Some(e) = ms.do_match(src, 0)? {
            if Some(e) != lastmatch {
                return Ok(Some((ms.to_match(src, e)?, e)));
            }
        }
        src += 1;
    }
    Ok(None)
}

/// Where a `gsub` with a table or function replacement stands between matches (see
/// [`gsub_next`]). Start with [`GsubCursor::default`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GsubCursor {
    src: usize,
    lastmatch: Option<usize>,
    count: usize,
    done: bool,
    first_only: bool,
}

impl GsubCursor {
    /// A cursor for a table replacement, which uses only the first capture: as in
    /// Lua, only that capture must be finished. The matches it yields carry the
    /// captures before the first unfinished one; use [`Match::first_value`].
    pub fn for_table() -> Self {
        GsubCursor {
            first_only: true,
            ..GsubCursor::default()
        }
    }

    /// Replacements made so far (gsub's second result once [`gsub_next`] returns `None`).
    pub fn count(&self) -> usize {
        self.count
    }
}

/// The next match `string.gsub` replaces, one at a time, so a table or function
/// replacement needs memory for one match only (and a function replacement runs
/// between matches, as in Lua). Call with the same `subject`, `pattern` and `max_n`
/// until it returns `Ok(None)`. The text between matches is copied unchanged.
pub fn gsub_next(
    subject: &[u8],
    pattern: &[u8],
    max_n: Option<usize>,
    cursor: &mut GsubCursor,
    meter: &mut Meter,
) -> Result<Option<Match>, PatternError> {
    if cursor.done {
        return Ok(None);
    }
    let (anchor, pat) = split_anchor(pattern);
    let max_n = max_n.unwrap_or(usize::MAX);
    let mut ms = State::new(subject, pat, meter);
    let filter = ms.filter();
    let mut src = cursor.src;
    while cursor.count < max_n {
        if !anchor {
            src = ms.next_candidate(filter, src)?;
            if src > subject.len() {
                break;
            }
        }
        ms.level = 0;
        match ms.do_match(src, 0)? {
            Some(e) if Some(e) != cursor.lastmatch => {
                let m = if cursor.first_only {
                    ms.to_match_first(src, e)?
                } else {
                    ms.to_match(src, e)?
                };
                cursor.count += 1;
                cursor.src = e;
                cursor.lastmatch = Some(e);
                cursor.done = anchor;
                return Ok(Some(m));
            }
            _ => {
                if src < subject.len() {
                    src += 1;
                } else {
                    break;
                }
            }
        }
        if anchor {
            break;
        }
    }
    cursor.src = src;
    cursor.done = true;
    Ok(None)
}

/// The successive matches `string.gsub` replaces, following Lua 5.4's loop exactly
/// (a leading '^' anchors; an empty match right after the previous match is skipped).
/// `max_n` is gsub's 4th argument (`None` = no limit; pass `Some(0)` for n <= 0).
///
/// Memory grows with the number of matches times their captures; prefer
/// [`gsub_next`], which holds one match at a time.
///
/// The text between matches is copied unchanged by the caller. A match with an
/// unfinished capture fails with "unfinished capture" (Lua raises it when it passes
/// the captures to a function replacement; see [`gsub_string`] for string ones).
pub fn gsub_matches(
    subject: &[u8],
    pattern: &[u8],
    max_n: Option<usize>,
    meter: &mut Meter,
) -> Result<Vec<Match>, PatternError> {
    let mut found = Vec::new();
    gsub_loop(subject, pattern, max_n, meter, |ms, s, e| {
        found.push(ms.to_match(s, e)?);
        Ok(())
    })?;
    Ok(found)
}

/// Runs gsub's matching loop, calling `on_match(state, start, end)` per replacement;
/// returns the number of replacements.
fn gsub_loop(
    subject: &[u8],
    pattern: &[u8],
    max_n: Option<usize>,
    meter: &mut Meter,
    mut on_match: impl FnMut(&mut State<'_, '_>, usize, usize) -> Result<(), PatternError>,
) -> Result<usize, PatternError> {
    let (anchor, pat) = split_anchor(pattern);
    let max_n = max_n.unwrap_or(usize::MAX);
    let mut ms = State::new(subject, pat, meter);
    let filter = ms.filter();
    let mut src = 0usize;
    let mut lastmatch: Option<usize> = None;
    let mut n = 0usize;
    while n < max_n {
        if !anchor {
            src = ms.next_candidate(filter, src)?;
            if src > subject.len() {
                break;
            }
        }
        ms.level = 0;
        match ms.do_match(src, 0)? {
            Some(e) if Some(e) != lastmatch => {
                n += 1;
                on_match(&mut ms, src, e)?;
                src = e;
                lastmatch = Some(e);
            }
            _ => {
                if src < subject.len() {
                    src += 1;
                } else {
                    break;
                }
            }
        }
        if anchor {
            break;
        }
    }
    Ok(n)
}

/// `string.gsub` with a string (or number, converted by the caller) replacement,
/// appending the whole result to `out` and returning the number of replacements.
/// At most `max_len` bytes are appended ("resulting string too large" beyond). On
/// error `out` is left as it was.
pub fn gsub_string(
    subject: &[u8],
    pattern: &[u8],
    repl: &[u8],
    max_n: Option<usize>,
    out: &mut Vec<u8>,
    max_len: usize,
    meter: &mut Meter,
) -> Result<usize, PatternError> {
    let start = out.len();
    let mut copied = 0usize;
    let res = gsub_loop(subject, pattern, max_n, meter, |ms, s, e| {
        let before = out.len();
        out.extend_from_slice(subject.get(copied..s).unwrap_or(&[]));
        add_s(repl, subject, out, |i| ms.one_capture(i, s, e), s, e)?;
        ms.meter.charge(1 + (out.len() - before) as u64 / 16)?;
        copied = e;
        if out.len() - start > max_len {
            return err("resulting string too large");
        }
        Ok(())
    });
    match res {
        Ok(n) => {
            out.extend_from_slice(subject.get(copied..).unwrap_or(&[]));
            if out.len() - start > max_len {
                out.truncate(start);
                return err("resulting string too large");
            }
            Ok(n)
        }
        Err(e) => {
            out.truncate(start);
            Err(e)
        }
    }
}

/// Lua's `add_s`: expand `%0`-`%9` and `%%` in a replacement string.
fn add_s(
    repl: &[u8],
    subject: &[u8],
    out: &mut Vec<u8>,
    capture: impl Fn(usize) -> Result<Capture, PatternError>,
    s: usize,
    e: usize,
) -> Result<(), PatternError> {
    let mut k = 0usize;
    while let Some(off) = repl
        .get(k..)
        .and_then(|t| t.iter().position(|&c| c == b'%'))
    {
        out.extend_from_slice(repl.get(k..k + off).unwrap_or(&[]));
        let p = k + off + 1;
        match repl.get(p).copied() {
            Some(b'%') => out.push(b'%'),
            Some(b'0') => out.extend_from_slice(subject.get(s..e).unwrap_or(&[])),
            Some(d) if d.is_ascii_digit() => match capture(usize::from(d - b'1'))? {
                Capture::Span { start, end } => {
                    out.extend_from_slice(subject.get(start..end).unwrap_or(&[]))
                }
                Capture::Position(pos) => crate::number::write_int(out, pos as i64),
            },
            _ => return err("invalid use of '%' in replacement string"),
        }
        k = p + 1;
    }
    out.extend_from_slice(repl.get(k..).unwrap_or(&[]));
    Ok(())
}

/// Expand a gsub replacement string for one match (from [`gsub_matches`]):
/// `%0` whole match, `%1`..`%9` captures (`%1` is the whole match when the pattern
/// has no captures; position captures expand to their number), `%%` a percent.
pub fn expand_replacement(
    repl: &[u8],
    subject: &[u8],
    m: &Match,
    out: &mut Vec<u8>,
) -> Result<(), PatternError> {
    let capture = |i: usize| -> Result<Capture, PatternError> {
        match m.captures.get(i) {
            Some(c) => Ok(*c),
            None if i == 0 && m.captures.is_empty() => Ok(Capture::Span {
                start: m.start,
                end: m.end,
            }),
            None => err(format!("invalid capture index %{}", i + 1)),
        }
    };
    add_s(repl, subject, out, capture, m.start, m.end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m() -> Meter {
        Meter::new(10_000_000)
    }

    fn find_str(s: &str, p: &str) -> Option<(usize, usize)> {
        find(s.as_bytes(), p.as_bytes(), 0, &mut m())
            .ok()
            .flatten()
            .map(|m| (m.start + 1, m.end))
    }

    #[test]
    fn basics() {
        assert_eq!(find_str("hello world", "o w"), Some((5, 7)));
        assert_eq!(find_str("hello", "l+"), Some((3, 4)));
        assert_eq!(find_str("hello", "^h"), Some((1, 1)));
        assert_eq!(find_str("hello", "^e"), None);
        assert_eq!(find_str("THE (quick) fox", "%((%a+)%)"), Some((5, 11)));
        assert_eq!(find_str("x = f(a(b)c) y", "%b()"), Some((6, 12)));
        assert_eq!(find_str("THE (quick) fox", "%f[%a]%a+%f[%A]"), Some((1, 3)));
        assert_eq!(find_str("abc", "$"), Some((4, 3)));
    }

    #[test]
    fn captures_and_positions() {
        let s = b"key = value";
        let r = find(s, b"()(%w+)%s*=%s*(%w+)()", 0, &mut m())
            .ok()
            .flatten();
        let r = r.map(|m| m.values(s));
        assert_eq!(
            r,
            Some(vec![
                CaptureValue::Position(1),
                CaptureValue::Bytes(b"key"),
                CaptureValue::Bytes(b"value"),
                CaptureValue::Position(12),
            ])
        );
    }

    #[test]
    fn gsub_rules() {
        let mut out = Vec::new();
        let n = gsub_string(b"hello world", b"", b"-", None, &mut out, 1 << 20, &mut m());
        assert_eq!(n, Ok(12));
        assert_eq!(out, b"-h-e-l-l-o- -w-o-r-l-d-");
        out.clear();
        let n = gsub_string(b"abc", b"%w*", b"x", None, &mut out, 1 << 20, &mut m());
        assert_eq!((n, out.as_slice()), (Ok(1), &b"x"[..]));
        out.clear();
        let n = gsub_string(
            b"hello world",
            b"(o)",
            b"[%1%0]",
            Some(1),
            &mut out,
            1 << 20,
            &mut m(),
        );
        assert_eq!((n, out.as_slice()), (Ok(1), &b"hell[oo] world"[..]));
    }

    #[test]
    fn errors_are_lazy_like_lua() {
        assert_eq!(find_str("abc", "x%"), None);
        let e = find(b"abc", b"a%", 0, &mut m());
        assert_eq!(
            e,
            Err(PatternError::Malformed(
                "malformed pattern (ends with '%')".into()
            ))
        );
        let e = find(b"abc", b"(", 0, &mut m());
        assert_eq!(e, Err(PatternError::Malformed("unfinished capture".into())));
    }

    #[test]
    fn bombs_end() {
        let subject = "a".repeat(30);
        let pattern = format!("{}b", "a*".repeat(30));
        let r = find(
            subject.as_bytes(),
            pattern.as_bytes(),
            0,
            &mut Meter::new(1_000_000),
        );
        assert_eq!(r, Err(PatternError::OutOfFuel));
        let deep = "(".repeat(100_000);
        let r = find(b"abc", deep.as_bytes(), 0, &mut m());
        assert_eq!(r, Err(PatternError::Malformed("too many captures".into())));
        let deep = "a?".repeat(100_000);
        let r = find(&[b'a'; 300], deep.as_bytes(), 0, &mut m());
        assert_eq!(
            r,
            Err(PatternError::Malformed("pattern too complex".into()))
        );
    }
}
