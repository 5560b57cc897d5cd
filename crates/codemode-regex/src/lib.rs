//! ECMAScript 2025 regular expressions for a sandboxed interpreter: a parser with V8's
//! early errors, and a backtracking matcher over UTF-16 code units whose every step is
//! metered.
//!
//! - Syntax: classes and escapes, greedy and lazy quantifiers (`{n,m}` included), groups,
//!   named groups (a name may repeat in different alternatives), numbered and named
//!   backreferences, lookahead and lookbehind, flags `d g i m s u v y`, modifier groups
//!   (`(?i:...)`, `(?-m:...)`, `(?s-i:...)`: `i`, `m` and `s` for the group's body only),
//!   Unicode property escapes (`\p{L}`, `\p{Script=Greek}`,
//!   `\p{Script_Extensions=Latn}`, binary properties), the `v` mode's set operations and
//!   `\q{...}` strings, and Annex B's extensions outside the `u`/`v` modes. Properties of
//!   strings (`\p{RGI_Emoji}`) are not supported: an "Invalid property name" SyntaxError.
//! - Semantics: ECMAScript's, exactly — backtracking order, captures reset at each
//!   iteration of a quantified group, the empty check of quantified groups, lookbehind
//!   matching right to left, backreferences to unset groups matching empty, case
//!   folding by ECMAScript's Canonicalize (simple case folding in the `u`/`v` modes,
//!   toUpperCase otherwise). Indices are UTF-16 code unit indices.
//! - Bounds: the matcher keeps its backtracking state on an explicit stack (no native
//!   recursion, whatever the pattern or the subject), charges every step to a
//!   [`Budget`] (in chunks of 256) and the stack's growth to the same budget's memory
//!   account; the parser caps nesting at 200 levels and the program at 2^20
//!   instructions (SyntaxErrors), and counted quantifiers are loops with counters (never
//!   unrolled), so `a{0,4294967295}` costs what it matches.

#![warn(missing_docs)]

mod ast;
mod compile;
mod exec;
mod parse;
pub mod set;

use std::time::Instant;

/// The flags of a regular expression.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    /// `d`: match indices.
    pub has_indices: bool,
    /// `g`
    pub global: bool,
    /// `i`
    pub ignore_case: bool,
    /// `m`
    pub multiline: bool,
    /// `s`
    pub dot_all: bool,
    /// `u`
    pub unicode: bool,
    /// `v`
    pub unicode_sets: bool,
    /// `y`
    pub sticky: bool,
}

impl Flags {
    /// Parses a flags string; `None` for an unknown or repeated flag, or `u` with `v`.
    pub fn parse(s: &[u16]) -> Option<Flags> {
        let mut f = Flags::default();
        for &u in s {
            let slot = match char::from_u32(u as u32)? {
                'd' => &mut f.has_indices,
                'g' => &mut f.global,
                'i' => &mut f.ignore_case,
                'm' => &mut f.multiline,
                's' => &mut f.dot_all,
                'u' => &mut f.unicode,
                'v' => &mut f.unicode_sets,
                'y' => &mut f.sticky,
                _ => return None,
            };
            if *slot {
                return None;
            }
            *slot = true;
        }
        if f.unicode && f.unicode_sets {
            return None;
        }
        Some(f)
    }
    /// The canonical flags string (`RegExp.prototype.flags` order: "dgimsuvy").
    pub fn to_string_canonical(&self) -> String {
        let mut s = String::new();
        for (on, c) in [
            (self.has_indices, 'd'),
            (self.global, 'g'),
            (self.ignore_case, 'i'),
            (self.multiline, 'm'),
            (self.dot_all, 's'),
            (self.unicode, 'u'),
            (self.unicode_sets, 'v'),
            (self.sticky, 'y'),
        ] {
            if on {
                s.push(c);
            }
        }
        s
    }
}

/// The budget a match runs under: its steps and the memory its backtracking holds.
pub trait Budget {
    /// Charges `n` steps of matching (called every 256 steps or so); an error stops the
    /// match.
    fn steps(&mut self, n: u64) -> Result<(), Exhausted>;
    /// The matcher now holds `bytes` of backtracking state in all (called as it grows,
    /// doubling); an error stops the match.
    fn memory(&mut self, bytes: usize) -> Result<(), Exhausted>;
}

/// A match stopped by its [`Budget`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exhausted {
    /// Out of steps.
    Fuel,
    /// The deadline passed.
    Deadline,
    /// Over the memory cap.
    Memory,
}

impl std::fmt::Display for Exhausted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Exhausted::Fuel => "the regular expression ran out of fuel",
            Exhausted::Deadline => "the regular expression ran past the deadline",
            Exhausted::Memory => "the regular expression's backtracking exceeded the memory limit",
        })
    }
}

impl std::error::Error for Exhausted {}

/// A self-contained [`Budget`]: fuel (steps), a memory cap and an optional deadline.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Steps left.
    pub fuel: u64,
    /// Bytes of backtracking state allowed.
    pub max_memory: usize,
    /// When to stop, checked at each charge.
    pub deadline: Option<Instant>,
}

impl Budget for Limits {
    fn steps(&mut self, n: u64) -> Result<(), Exhausted> {
        if n > self.fuel {
            self.fuel = 0;
            return Err(Exhausted::Fuel);
        }
        self.fuel -= n;
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Exhausted::Deadline);
        }
        Ok(())
    }
    fn memory(&mut self, bytes: usize) -> Result<(), Exhausted> {
        if bytes > self.max_memory {
            return Err(Exhausted::Memory);
        }
        Ok(())
    }
}

/// An invalid pattern or flags: the message of the SyntaxError, as V8 words it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError(pub String);

impl std::fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SyntaxError {}

/// A compiled regular expression.
#[derive(Clone, Debug)]
pub struct Regex {
    prog: compile::Program,
    flags: Flags,
    groups: usize,
    names: Vec<(String, usize)>,
    /// The distinct names in order of first appearance, with their groups.
    group_names: Vec<(String, Vec<usize>)>,
}

/// The matcher's working memory (backtrack stack, captures, loop counters), kept between
/// matches by [`Regex::find_at_with`]. A backtrack stack grown past a few thousand entries
/// is freed when its match ends, so a hostile match leaves nothing large behind.
#[derive(Debug, Default)]
pub struct Scratch(exec::Scratch);

impl Scratch {
    /// The capture slots of the last search that matched ([`Regex::is_match_at_with`]):
    /// group `i` spans `slots[2i]..slots[2i+1]` (`usize::MAX` for an unset group).
    pub fn slots(&self) -> &[usize] {
        self.0.slots()
    }
}

/// The capture slots of a match: group `i` spans `slots[2i]..slots[2i+1]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    slots: Vec<usize>,
}

impl Match {
    /// Group `i`'s span (0 is the whole match), or `None` if it did not participate.
    pub fn group(&self, i: usize) -> Option<(usize, usize)> {
        let (s, e) = (*self.slots.get(2 * i)?, *self.slots.get(2 * i + 1)?);
        (s != exec::UNSET && e != exec::UNSET).then_some((s, e))
    }
    /// The span of the first of `groups` that participated (for a duplicated name, the
    /// only one that can have).
    pub fn first_set(&self, groups: &[usize]) -> Option<(usize, usize)> {
        groups.iter().find_map(|&g| self.group(g))
    }
    /// The whole match's start.
    pub fn start(&self) -> usize {
        self.slots[0]
    }
    /// The whole match's end.
    pub fn end(&self) -> usize {
        self.slots[1]
    }
    /// The number of groups, the whole match included.
    pub fn len(&self) -> usize {
        self.slots.len() / 2
    }
    /// Always false: a match has its group 0.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }
}

/// Checks `pattern` under `flags` without compiling it (the early errors of a literal).
pub fn validate(pattern: &[u16], flags: Flags) -> Result<(), SyntaxError> {
    parse::parse(pattern, &flags)
        .map(|_| ())
        .map_err(|msg| syntax_error(pattern, flags, msg))
}

fn syntax_error(pattern: &[u16], flags: Flags, msg: &str) -> SyntaxError {
    SyntaxError(format!(
        "Invalid regular expression: /{}/{}: {}",
        String::from_utf16_lossy(pattern),
        flags.to_string_canonical(),
        msg
    ))
}

impl Regex {
    /// Compiles `pattern` (UTF-16) with `flags`. The work is linear in the pattern's
    /// length (case-insensitive classes add a pass over the ~3,000 characters that fold).
    pub fn new(pattern: &[u16], flags: Flags) -> Result<Regex, SyntaxError> {
        let fail = |msg: &str| syntax_error(pattern, flags, msg);
        let parsed = parse::parse(pattern, &flags).map_err(fail)?;
        let prog = compile::compile(&parsed.node, parsed.groups, &parsed.name_groups, &flags)
            .map_err(fail)?;
        Ok(Regex {
            prog,
            flags,
            groups: parsed.groups,
            names: parsed.names,
            group_names: parsed.name_groups,
        })
    }

    /// Compiles from a flags string; an invalid one is V8's constructor message.
    pub fn with_flags(pattern: &[u16], flags: &[u16]) -> Result<Regex, SyntaxError> {
        let f = Flags::parse(flags).ok_or_else(|| {
            SyntaxError(format!(
                "Invalid flags supplied to RegExp constructor '{}'",
                String::from_utf16_lossy(flags)
            ))
        })?;
        Regex::new(pattern, f)
    }

    /// Bytes the compiled program holds (its instructions, classes and names), roughly.
    pub fn memory_size(&self) -> usize {
        let p = &self.prog;
        std::mem::size_of::<Regex>()
            + p.insts.capacity() * std::mem::size_of::<compile::Inst>()
            + p.sets
                .iter()
                .map(|s| s.ranges().len() * 8 + 24)
                .sum::<usize>()
            + p.first.as_ref().map_or(0, |s| s.ranges().len() * 8)
            + self
                .names
                .iter()
                .map(|(n, _)| 2 * n.len() + 80)
                .sum::<usize>()
    }

    /// The code units every match consists of, when the pattern is only literal
    /// characters (`/\//`, `/, /`): a search for it is a search for those units.
    pub fn literal(&self) -> Option<&[u16]> {
        self.prog.literal.as_deref()
    }

    /// The flags.
    pub fn flags(&self) -> Flags {
        self.flags
    }
    /// The number of capture groups.
    pub fn group_count(&self) -> usize {
        self.groups
    }
    /// The named groups in order of their opening parenthesis: (name, group number). A
    /// name repeats when groups in different alternatives share it (`(?<y>a)|(?<y>b)`); at
    /// most one of them participates in a match.
    pub fn names(&self) -> &[(String, usize)] {
        &self.names
    }
    /// The distinct group names in order of their first group, each with its groups (more
    /// than one when the name repeats in different alternatives): the properties of a
    /// match's `groups` object, whose value is the span of whichever group of the name
    /// participated ([`Match::first_set`]).
    pub fn group_names(&self) -> &[(String, Vec<usize>)] {
        &self.group_names
    }

    /// The first match starting at `start` or later (only at `start` when `sticky`).
    /// Positions are UTF-16 code unit indices into `subject`.
    pub fn find_at<B: Budget>(
        &self,
        subject: &[u16],
        start: usize,
        sticky: bool,
        budget: &mut B,
    ) -> Result<Option<Match>, Exhausted> {
        self.find_at_with(subject, start, sticky, budget, &mut Scratch::default())
    }

    /// [`Regex::find_at`] with the matcher's working memory taken from (and left in)
    /// `scratch`: a caller running many matches keeps one and allocates less.
    pub fn find_at_with<B: Budget>(
        &self,
        subject: &[u16],
        start: usize,
        sticky: bool,
        budget: &mut B,
        scratch: &mut Scratch,
    ) -> Result<Option<Match>, Exhausted> {
        let found = self.is_match_at_with(subject, start, sticky, budget, scratch)?;
        Ok(found.then(|| Match {
            slots: scratch.0.slots().to_vec(),
        }))
    }

    /// Whether [`Regex::find_at_with`] finds a match (the same search and steps), without
    /// building the match.
    pub fn is_match_at_with<B: Budget>(
        &self,
        subject: &[u16],
        start: usize,
        sticky: bool,
        budget: &mut B,
        scratch: &mut Scratch,
    ) -> Result<bool, Exhausted> {
        exec::exec(&self.prog, subject, start, sticky, budget, &mut scratch.0)
    }
}

#[cfg(test)]
mod tests;
