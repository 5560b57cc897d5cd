//! From the parsed pattern to the backtracking VM's program.
//!
//! Recursion here follows the pattern's nesting, which the parser caps at `MAX_DEPTH`.

use crate::ast::{Assertion, Node};
use crate::set::{self, CharSet, Folding};
use crate::Flags;

/// A matcher of one character.
#[derive(Clone, Debug)]
pub enum One {
    /// This character.
    Char(u32),
    /// A member of `sets[i]` (or not, with `negate`).
    Set(u32, bool),
    /// `.`: any character, or any but a line terminator.
    Dot {
        /// The `s` flag.
        all: bool,
    },
}

/// One instruction. `back` marks instructions inside a lookbehind, which read the
/// character before the position and move left.
#[derive(Clone, Debug)]
pub enum Inst {
    /// Match one character.
    One {
        m: One,
        back: bool,
    },
    /// A repetition of one character (no captures, never empty): consumes greedily (or
    /// lazily) and gives back one character at a time on backtracking.
    Star {
        m: One,
        min: u32,
        max: u32,
        greedy: bool,
        back: bool,
        /// Greedy, forward, and what must follow it cannot match at a character it
        /// matches: giving characters back can never lead to a match, so none is kept.
        possessive: bool,
    },
    /// Continue at `prefer`; on failure, at `other`.
    Split {
        prefer: u32,
        other: u32,
    },
    Jmp(u32),
    /// Record the position in a capture slot.
    Save(u32),
    Assert(Assertion),
    /// `\1`, or `\k<name>` with one group of the name.
    BackRef {
        group: u32,
        back: bool,
        ignore_case: bool,
    },
    /// `\k<name>` with several groups of the name (`ref_lists[list]`): whichever is set.
    BackRefAny {
        list: u32,
        back: bool,
        ignore_case: bool,
    },
    /// Start a counted loop: its counter at zero.
    LoopInit(u32),
    /// The head of a loop: enter the body (at pc + 1) or exit, in the quantifier's order.
    LoopHead {
        k: u32,
        min: u32,
        max: u32,
        greedy: bool,
        exit: u32,
    },
    /// Entering an iteration: record its start, reset the captures inside.
    LoopEnter {
        k: u32,
        caps: (u32, u32),
    },
    /// The end of an iteration: fail if it matched empty past the minimum, else count
    /// it and go to `head`.
    LoopEnd {
        k: u32,
        min: u32,
        head: u32,
    },
    /// Start a lookaround whose `LookEnd` is at `end - 1`.
    LookStart {
        id: u32,
        negate: bool,
        end: u32,
    },
    LookEnd {
        id: u32,
        negate: bool,
    },
    /// Match `lits[start..start + len]` forward, unit by unit: a run of two or more
    /// `One::Char`s of BMP non-surrogate characters (for which a unit is the character in
    /// every mode), charged one step per character as the `One`s were.
    Lit {
        start: u32,
        len: u32,
    },
    Match,
}

/// A compiled pattern.
#[derive(Clone, Debug)]
pub struct Program {
    pub insts: Vec<Inst>,
    pub sets: Vec<CharSet>,
    /// The units of the `Lit` instructions.
    pub lits: Vec<u16>,
    /// The groups of each name, by name number (for `BackRefAny`).
    pub ref_lists: Vec<Vec<u32>>,
    /// The ASCII members of each of `sets` as a bitmap (bit `c` of the pair: `c` < 128 is
    /// a member), so the common character needs no search of the ranges.
    pub ascii: Vec<AsciiMap>,
    pub loops: usize,
    pub looks: usize,
    pub slots: usize,
    /// Characters a match can start with (`None`: any).
    pub first: Option<CharSet>,
    /// `first`'s ASCII members.
    pub first_ascii: AsciiMap,
    /// The pattern starts with `^` and is not multiline: it can only match at 0.
    pub anchored: bool,
    /// The fewest code units a match spans (a start closer to the end cannot match).
    pub min_len: usize,
    /// The units every match is, when the pattern is nothing but literal characters
    /// (no group, class, assertion or case folding that matches more than one unit).
    pub literal: Option<Vec<u16>>,
    pub unicode: bool,
    /// Some backreference compares case-insensitively (the matcher then needs the
    /// folding).
    pub ignore_case: bool,
}

/// A set's members below 128, one bit each.
#[derive(Clone, Copy, Debug, Default)]
pub struct AsciiMap([u64; 2]);

impl AsciiMap {
    fn of(set: &CharSet) -> AsciiMap {
        let mut m = [0u64; 2];
        for &(a, b) in set.ranges() {
            for c in a..=b.min(127) {
                m[(c >> 6) as usize] |= 1 << (c & 63);
            }
        }
        AsciiMap(m)
    }
    /// Whether `c` (below 128) is a member.
    #[inline(always)]
    pub fn has(&self, c: u32) -> bool {
        self.0[(c >> 6) as usize & 1] >> (c & 63) & 1 != 0
    }
}

/// The program grows past this many instructions: "Regular expression too large".
pub const MAX_INSTS: usize = 1 << 20;

struct Compiler {
    insts: Vec<Inst>,
    sets: Vec<CharSet>,
    loops: u32,
    looks: u32,
    /// The case folding in force (the `i` flag, changed inside `(?i:...)`/`(?-i:...)`).
    fold: Option<&'static Folding>,
    unicode: bool,
    /// A case-insensitive backreference was emitted.
    folded_backref: bool,
}

/// The case folding of the `i` modifier: simple case folding in the unicode modes,
/// toUpperCase otherwise.
fn folding(ignore_case: bool, unicode: bool) -> Option<&'static Folding> {
    ignore_case.then(|| {
        if unicode {
            set::simple_folding()
        } else {
            set::upper_folding()
        }
    })
}

/// Compiles `node` (with `groups` capture groups, and the groups of each name in
/// `name_groups`) under `flags`.
pub fn compile(
    node: &Node,
    groups: usize,
    name_groups: &[(String, Vec<usize>)],
    flags: &Flags,
) -> Result<Program, &'static str> {
    let unicode = flags.unicode || flags.unicode_sets;
    let fold = folding(flags.ignore_case, unicode);
    let mut c = Compiler {
        insts: Vec::new(),
        sets: Vec::new(),
        loops: 0,
        looks: 0,
        fold,
        unicode,
        folded_backref: false,
    };
    c.node(node, false)?;
    c.emit(Inst::Match)?;
    let (mut insts, lits) = fuse_literals(std::mem::take(&mut c.insts));
    mark_possessive(&mut insts, &lits, &c.sets);
    let literal = literal_of(&insts, &lits);
    let first = c.first(node, fold).filter(|s| s.ranges().len() < 64);
    let ascii = c.sets.iter().map(AsciiMap::of).collect();
    let first_ascii = first.as_ref().map(AsciiMap::of).unwrap_or_default();
    Ok(Program {
        insts,
        sets: c.sets,
        lits,
        // Only a name of several groups has a `BackRefAny`.
        ref_lists: name_groups
            .iter()
            .map(|(_, g)| match g.len() {
                1 => Vec::new(),
                _ => g.iter().map(|&i| i as u32).collect(),
            })
            .collect(),
        ascii,
        first_ascii,
        loops: c.loops as usize,
        looks: c.looks as usize,
        slots: 2 * (groups + 1),
        first,
        anchored: starts_anchored(node),
        min_len: min_len(node),
        literal,
        unicode,
        ignore_case: c.folded_backref,
    })
}

/// A character a `Lit` can hold: one unit that is the character in every mode.
fn lit_unit(i: &Inst) -> Option<u16> {
    match i {
        Inst::One {
            m: One::Char(c),
            back: false,
        } if *c < 0xD800 || (0xE000..0x10000).contains(c) => Some(*c as u16),
        _ => None,
    }
}

/// Replaces each run of two or more literal `One`s that no jump enters past its first
/// with a `Lit` (the run's other instructions become unreachable `Jmp`s to the run's end,
/// so every jump target keeps its index).
fn fuse_literals(mut insts: Vec<Inst>) -> (Vec<Inst>, Vec<u16>) {
    let mut target = vec![false; insts.len() + 1];
    for i in &insts {
        match i {
            Inst::Split { prefer, other } => {
                target[*prefer as usize] = true;
                target[*other as usize] = true;
            }
            Inst::Jmp(t) => target[*t as usize] = true,
            Inst::LoopHead { exit, .. } => target[*exit as usize] = true,
            Inst::LoopEnd { head, .. } => target[*head as usize] = true,
            Inst::LookStart { end, .. } => target[*end as usize] = true,
            _ => {}
        }
    }
    let mut lits = Vec::new();
    let mut i = 0;
    while i < insts.len() {
        let mut j = i;
        while j < insts.len() && (j == i || !target[j]) {
            match lit_unit(&insts[j]) {
                Some(u) => lits.push(u),
                None => break,
            }
            j += 1;
        }
        let len = j - i;
        if len >= 2 {
            let start = (lits.len() - len) as u32;
            insts[i] = Inst::Lit {
                start,
                len: len as u32,
            };
            for placeholder in &mut insts[i + 1..j] {
                *placeholder = Inst::Jmp(j as u32);
            }
            i = j;
        } else {
            lits.truncate(lits.len() - len);
            i += 1;
        }
    }
    (insts, lits)
}

/// The units of a program that is one literal run (or one literal character) and `Match`.
fn literal_of(insts: &[Inst], lits: &[u16]) -> Option<Vec<u16>> {
    match insts.first()? {
        Inst::Lit { start, len } => {
            let (start, len) = (*start as usize, *len as usize);
            (insts.len() == len + 1 && matches!(insts[len], Inst::Match))
                .then(|| lits[start..start + len].to_vec())
        }
        first => {
            let u = lit_unit(first)?;
            (insts.len() == 2 && matches!(insts[1], Inst::Match)).then(|| vec![u])
        }
    }
}

/// Whether `m` matches the character `c`.
fn one_matches(m: &One, c: u32, sets: &[CharSet]) -> bool {
    match m {
        One::Char(x) => *x == c,
        One::Set(i, negate) => sets[*i as usize].contains(c) != *negate,
        One::Dot { all } => *all || !set::is_line_terminator(c),
    }
}

/// Marks the greedy forward `Star`s that cannot give back usefully: the instruction that
/// must come next (past any `Save`s, which always succeed) is a literal character the
/// star's matcher does not match, or a `$` that is not multiline. A character given back
/// is one the star matched, so it would fail that instruction at once (and `$` fails
/// anywhere before the end): the give-backs only cost steps, and dropping them leaves the
/// first match the same. Backtracking catastrophes (`(a+)+$`) are not of this form.
fn mark_possessive(insts: &mut [Inst], lits: &[u16], sets: &[CharSet]) {
    for pc in 0..insts.len() {
        let Inst::Star {
            m,
            greedy: true,
            back: false,
            ..
        } = &insts[pc]
        else {
            continue;
        };
        let mut next = pc + 1;
        while matches!(insts.get(next), Some(Inst::Save(_))) {
            next += 1;
        }
        let disjoint = match insts.get(next) {
            Some(Inst::One {
                m: One::Char(c),
                back: false,
            }) => !one_matches(m, *c, sets),
            Some(Inst::Lit { start, .. }) => !one_matches(m, lits[*start as usize] as u32, sets),
            Some(Inst::Assert(Assertion::End { multiline: false })) => true,
            _ => false,
        };
        if disjoint {
            if let Inst::Star { possessive, .. } = &mut insts[pc] {
                *possessive = true;
            }
        }
    }
}

/// The fewest code units a match of `node` spans (saturating).
fn min_len(node: &Node) -> usize {
    match node {
        Node::Char(_) | Node::Dot { .. } | Node::Class { .. } => 1,
        Node::Seq(v) => v.iter().fold(0usize, |a, n| a.saturating_add(min_len(n))),
        Node::Alt(v) => v.iter().map(min_len).min().unwrap_or(0),
        Node::Group { body, .. } | Node::CaseScope { body, .. } => min_len(body),
        Node::Repeat { body, min, .. } => min_len(body).saturating_mul(*min as usize),
        Node::Empty
        | Node::Assert(_)
        | Node::Look { .. }
        | Node::BackRef(_)
        | Node::NamedBackRef(_) => 0,
    }
}

/// Every match starts with a `^` that is not multiline: only position 0 can match.
fn starts_anchored(node: &Node) -> bool {
    match node {
        Node::Assert(Assertion::Start { multiline: false }) => true,
        Node::Seq(v) => v.first().is_some_and(starts_anchored),
        Node::Group { body, .. } | Node::CaseScope { body, .. } => starts_anchored(body),
        Node::Alt(v) => v.iter().all(starts_anchored),
        _ => false,
    }
}

impl Compiler {
    fn emit(&mut self, i: Inst) -> Result<u32, &'static str> {
        if self.insts.len() >= MAX_INSTS {
            return Err("Regular expression too large");
        }
        self.insts.push(i);
        Ok((self.insts.len() - 1) as u32)
    }
    fn pc(&self) -> u32 {
        self.insts.len() as u32
    }
    fn add_set(&mut self, s: CharSet) -> u32 {
        self.sets.push(s);
        (self.sets.len() - 1) as u32
    }

    /// The one-character matcher of a node, if it is one.
    fn one(&mut self, node: &Node) -> Option<One> {
        match node {
            Node::Char(c) => Some(match self.fold {
                Some(f) => {
                    let mut s = CharSet::single(*c);
                    s.close_over(f);
                    match s.as_single() {
                        Some(c) => One::Char(c),
                        None => One::Set(self.add_set(s), false),
                    }
                }
                None => One::Char(*c),
            }),
            Node::Dot { all } => Some(One::Dot { all: *all }),
            Node::Class { set, negate } => {
                let mut s = set.clone();
                if let Some(f) = self.fold {
                    s.close_over(f);
                }
                Some(One::Set(self.add_set(s), *negate))
            }
            Node::Group { body, index: None } => self.one(body),
            Node::CaseScope { body, ignore_case } => {
                let outer = self.fold;
                self.fold = folding(*ignore_case, self.unicode);
                let m = self.one(body);
                self.fold = outer;
                m
            }
            _ => None,
        }
    }

    fn node(&mut self, node: &Node, back: bool) -> Result<(), &'static str> {
        if let Some(m) = match node {
            Node::Char(_) | Node::Dot { .. } | Node::Class { .. } => self.one(node),
            _ => None,
        } {
            self.emit(Inst::One { m, back })?;
            return Ok(());
        }
        match node {
            Node::Empty => {}
            Node::Seq(v) => {
                if back {
                    for n in v.iter().rev() {
                        self.node(n, back)?;
                    }
                } else {
                    for n in v {
                        self.node(n, back)?;
                    }
                }
            }
            Node::Alt(v) => {
                let mut jumps = Vec::new();
                for (i, alt) in v.iter().enumerate() {
                    if i + 1 < v.len() {
                        let split = self.emit(Inst::Split {
                            prefer: 0,
                            other: 0,
                        })?;
                        self.node(alt, back)?;
                        jumps.push(self.emit(Inst::Jmp(0))?);
                        let next = self.pc();
                        self.insts[split as usize] = Inst::Split {
                            prefer: split + 1,
                            other: next,
                        };
                    } else {
                        self.node(alt, back)?;
                    }
                }
                let end = self.pc();
                for j in jumps {
                    self.insts[j as usize] = Inst::Jmp(end);
                }
            }
            Node::Group { body, index } => match index {
                Some(i) => {
                    let (open, close) = (2 * *i as u32, 2 * *i as u32 + 1);
                    let (first, second) = if back { (close, open) } else { (open, close) };
                    self.emit(Inst::Save(first))?;
                    self.node(body, back)?;
                    self.emit(Inst::Save(second))?;
                }
                None => self.node(body, back)?,
            },
            Node::Assert(a) => {
                self.emit(Inst::Assert(*a))?;
            }
            Node::BackRef(group) => {
                let ignore_case = self.fold.is_some();
                self.folded_backref |= ignore_case;
                self.emit(Inst::BackRef {
                    group: *group as u32,
                    back,
                    ignore_case,
                })?;
            }
            Node::NamedBackRef(name) => {
                let ignore_case = self.fold.is_some();
                self.folded_backref |= ignore_case;
                self.emit(Inst::BackRefAny {
                    list: *name as u32,
                    back,
                    ignore_case,
                })?;
            }
            Node::CaseScope { body, ignore_case } => {
                let outer = self.fold;
                self.fold = folding(*ignore_case, self.unicode);
                let done = self.node(body, back);
                self.fold = outer;
                done?;
            }
            Node::Look {
                body,
                behind,
                negate,
            } => {
                let id = self.looks;
                self.looks += 1;
                let start = self.emit(Inst::LookStart {
                    id,
                    negate: *negate,
                    end: 0,
                })?;
                self.node(body, *behind)?;
                self.emit(Inst::LookEnd {
                    id,
                    negate: *negate,
                })?;
                let end = self.pc();
                self.insts[start as usize] = Inst::LookStart {
                    id,
                    negate: *negate,
                    end,
                };
            }
            Node::Repeat {
                body,
                min,
                max,
                greedy,
                caps,
            } => {
                let (min, max, greedy) = (*min, *max, *greedy);
                if max == 0 {
                    return Ok(());
                }
                if min == 1 && max == 1 {
                    return self.node(body, back);
                }
                if caps.1 == 0 {
                    if let Some(m) = self.one(body) {
                        self.emit(Inst::Star {
                            m,
                            min,
                            max,
                            greedy,
                            back,
                            possessive: false,
                        })?;
                        return Ok(());
                    }
                }
                let k = self.loops;
                self.loops += 1;
                self.emit(Inst::LoopInit(k))?;
                let head = self.emit(Inst::LoopHead {
                    k,
                    min,
                    max,
                    greedy,
                    exit: 0,
                })?;
                self.emit(Inst::LoopEnter {
                    k,
                    caps: (2 * caps.0 as u32, 2 * (caps.0 + caps.1) as u32),
                })?;
                self.node(body, back)?;
                self.emit(Inst::LoopEnd { k, min, head })?;
                let exit = self.pc();
                self.insts[head as usize] = Inst::LoopHead {
                    k,
                    min,
                    max,
                    greedy,
                    exit,
                };
            }
            Node::Char(_) | Node::Dot { .. } | Node::Class { .. } => {}
        }
        Ok(())
    }

    /// The characters a match of `node` can start with, when that is known and the node
    /// cannot match empty; `fold` is the case folding in force at `node`.
    fn first(&self, node: &Node, fold: Option<&'static Folding>) -> Option<CharSet> {
        match node {
            Node::Char(c) => {
                let mut s = CharSet::single(*c);
                if let Some(f) = fold {
                    s.close_over(f);
                }
                Some(s)
            }
            Node::Class { set, negate } => {
                let mut s = set.clone();
                if let Some(f) = fold {
                    s.close_over(f);
                }
                Some(if *negate {
                    s.complement(if self.unicode { set::MAX_CP } else { 0xFFFF })
                } else {
                    s
                })
            }
            Node::Seq(v) => v.first().and_then(|n| self.first(n, fold)),
            Node::Group { body, .. } => self.first(body, fold),
            Node::CaseScope { body, ignore_case } => {
                self.first(body, folding(*ignore_case, self.unicode))
            }
            Node::Alt(v) => {
                let mut acc = CharSet::new();
                for n in v {
                    acc.union(&self.first(n, fold)?);
                }
                Some(acc)
            }
            Node::Repeat { body, min, .. } if *min > 0 => self.first(body, fold),
            _ => None,
        }
    }
}
