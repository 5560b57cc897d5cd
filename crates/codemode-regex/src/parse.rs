//! The pattern parser: ECMAScript 2025's grammar, with Annex B's extensions outside the
//! `u`/`v` modes, and V8's early-error messages.
//!
//! Recursive descent whose depth is capped ([`MAX_DEPTH`] nested groups or classes): a
//! deeper pattern is a SyntaxError, never a native stack overflow.

use crate::ast::{Assertion, Node};
use crate::set::{self, CharSet, MAX_CP};
use crate::Flags;
use std::collections::HashMap;

/// Groups, lookarounds and (in the `v` mode) classes nested deeper than this are a
/// SyntaxError ("Regular expression too large").
pub const MAX_DEPTH: usize = 200;

/// A parse error: V8's message, without the "Invalid regular expression: /.../" prefix.
pub type Error = &'static str;

/// The parsed pattern.
pub struct Parsed {
    /// The pattern.
    pub node: Node,
    /// The number of capture groups.
    pub groups: usize,
    /// Named groups, in order: (name, index).
    pub names: Vec<(String, usize)>,
    /// The distinct names in order of first appearance, each with its groups.
    pub name_groups: Vec<(String, Vec<usize>)>,
}

struct Parser<'f> {
    chars: Vec<u32>,
    pos: usize,
    flags: &'f Flags,
    unicode: bool,
    /// Groups opened so far.
    groups: usize,
    /// Groups in the whole pattern (a pre-scan: `\N` reads as an octal escape outside the
    /// unicode modes when there are fewer).
    total_groups: usize,
    has_named: bool,
    names: Vec<(String, usize)>,
    /// A group name defined twice where both groups might participate: reported once the
    /// whole pattern has parsed, as V8 does (a later syntax error wins).
    duplicate_name: bool,
    /// Named references to resolve once every group is known: (name, node slot).
    named_refs: Vec<String>,
    /// The modifiers in force at the cursor: the flags, changed inside `(?ims-ims:...)`.
    ignore_case: bool,
    multiline: bool,
    dot_all: bool,
    /// Each distinct group name's number (an index into `live`).
    name_ids: HashMap<String, usize>,
    /// By name number: a group of the name might participate together with a group opened
    /// now (so the name again is a duplicate), as it is not in an earlier alternative of a
    /// disjunction still open.
    live: Vec<bool>,
    /// For each open disjunction: the names (numbers) of the groups in its current
    /// alternative, and in its earlier alternatives.
    name_scopes: Vec<(Vec<usize>, Vec<usize>)>,
}

/// Parses `pattern` (UTF-16) under `flags`.
pub fn parse(pattern: &[u16], flags: &Flags) -> Result<Parsed, Error> {
    let unicode = flags.unicode || flags.unicode_sets;
    let chars: Vec<u32> = if unicode {
        char::decode_utf16(pattern.iter().copied())
            .map(|r| {
                r.map(|c| c as u32)
                    .unwrap_or_else(|e| e.unpaired_surrogate() as u32)
            })
            .collect()
    } else {
        pattern.iter().map(|&u| u as u32).collect()
    };
    let (total_groups, has_named) = prescan(&chars, flags.unicode_sets);
    let mut p = Parser {
        chars,
        pos: 0,
        flags,
        unicode,
        groups: 0,
        total_groups,
        has_named,
        names: Vec::new(),
        duplicate_name: false,
        named_refs: Vec::new(),
        ignore_case: flags.ignore_case,
        multiline: flags.multiline,
        dot_all: flags.dot_all,
        name_ids: HashMap::new(),
        live: Vec::new(),
        name_scopes: Vec::new(),
    };
    let mut node = p.disjunction(0)?;
    if p.pos < p.chars.len() {
        // Only a `)` stops the top-level disjunction early.
        return Err("Unmatched ')'");
    }
    if p.duplicate_name {
        return Err("Duplicate capture group name");
    }
    // The names' groups, numbered as `name_ids` numbers them (by first appearance).
    let mut name_groups: Vec<(String, Vec<usize>)> = Vec::with_capacity(p.name_ids.len());
    for (name, i) in &p.names {
        let id = p.name_ids.get(name).copied().unwrap_or(usize::MAX);
        match name_groups.get_mut(id) {
            Some((_, groups)) => groups.push(*i),
            None => name_groups.push((name.clone(), vec![*i])),
        }
    }
    // Resolve `\k<name>` (placeholders numbered by reference).
    if !p.named_refs.is_empty() {
        let mut refs = Vec::new();
        for name in &p.named_refs {
            let Some(&id) = p.name_ids.get(name) else {
                return Err("Invalid named capture referenced");
            };
            refs.push(match name_groups[id].1[..] {
                [group] => Node::BackRef(group),
                _ => Node::NamedBackRef(id),
            });
        }
        resolve_named(&mut node, refs);
    }
    Ok(Parsed {
        node,
        groups: p.groups,
        names: p.names,
        name_groups,
    })
}

/// Replaces each placeholder `NamedBackRef(k)` by the k-th named reference's node, with an
/// explicit work list.
fn resolve_named(node: &mut Node, mut refs: Vec<Node>) {
    let mut work: Vec<&mut Node> = vec![node];
    while let Some(n) = work.pop() {
        match n {
            Node::NamedBackRef(k) => {
                let k = *k;
                *n = std::mem::replace(&mut refs[k], Node::Empty);
            }
            Node::Seq(v) | Node::Alt(v) => work.extend(v.iter_mut()),
            Node::Group { body, .. }
            | Node::Repeat { body, .. }
            | Node::Look { body, .. }
            | Node::CaseScope { body, .. } => work.push(body),
            _ => {}
        }
    }
}

/// Counts the capture groups and tells whether any is named, skipping escapes and classes.
fn prescan(c: &[u32], vmode: bool) -> (usize, bool) {
    let (mut groups, mut named) = (0, false);
    let mut class_depth = 0usize;
    let mut i = 0;
    while i < c.len() {
        match c[i] {
            0x5C => i += 1,
            0x5B if vmode || class_depth == 0 => class_depth += 1,
            0x5D if class_depth > 0 => class_depth -= 1,
            0x28 if class_depth == 0 => {
                if c.get(i + 1) != Some(&0x3F) {
                    groups += 1;
                } else if c.get(i + 2) == Some(&0x3C)
                    && !matches!(c.get(i + 3), Some(&0x3D) | Some(&0x21))
                {
                    groups += 1;
                    named = true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    (groups, named)
}

fn is_syntax_char(c: u32) -> bool {
    matches!(
        char::from_u32(c),
        Some('^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|')
    )
}

fn hex_val(c: u32) -> Option<u32> {
    char::from_u32(c).and_then(|c| c.to_digit(16))
}

/// One side of a class range, or a class escape like `\d`.
enum ClassAtom {
    Char(u32),
    Set(CharSet),
}

impl Parser<'_> {
    fn peek(&self) -> Option<u32> {
        self.chars.get(self.pos).copied()
    }
    fn peek_at(&self, k: usize) -> Option<u32> {
        self.chars.get(self.pos + k).copied()
    }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c as u32) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn looking_at(&self, s: &str) -> bool {
        s.chars()
            .enumerate()
            .all(|(k, c)| self.peek_at(k) == Some(c as u32))
    }
    fn max_char(&self) -> u32 {
        if self.unicode {
            MAX_CP
        } else {
            0xFFFF
        }
    }

    fn disjunction(&mut self, depth: usize) -> Result<Node, Error> {
        if depth > MAX_DEPTH {
            return Err("Regular expression too large");
        }
        self.name_scopes.push((Vec::new(), Vec::new()));
        let mut alts = vec![self.alternative(depth)?];
        while self.eat('|') {
            self.end_alternative_names();
            alts.push(self.alternative(depth)?);
        }
        self.end_disjunction_names();
        Ok(if alts.len() == 1 {
            alts.pop().unwrap_or(Node::Empty)
        } else {
            Node::Alt(alts)
        })
    }

    /// A named group: a duplicate if a group of the same name might participate with it.
    fn define_name(&mut self, name: String) {
        self.groups += 1;
        let next = self.name_ids.len();
        let id = *self.name_ids.entry(name.clone()).or_insert(next);
        if id == self.live.len() {
            self.live.push(false);
        }
        if self.live[id] {
            self.duplicate_name = true;
        }
        self.live[id] = true;
        self.names.push((name, self.groups));
        if let Some((current, _)) = self.name_scopes.last_mut() {
            current.push(id);
        }
    }

    /// At a `|`: the groups of the alternative that ended cannot participate with anything
    /// in the disjunction's later alternatives.
    fn end_alternative_names(&mut self) {
        let Some((current, earlier)) = self.name_scopes.last_mut() else {
            return;
        };
        for &id in current.iter() {
            self.live[id] = false;
        }
        append_smaller(earlier, current);
    }

    /// At the end of a disjunction: its groups, in whichever alternative, may participate
    /// with what follows it, so they join the enclosing alternative's.
    fn end_disjunction_names(&mut self) {
        let Some((mut current, mut earlier)) = self.name_scopes.pop() else {
            return;
        };
        for &id in &earlier {
            self.live[id] = true;
        }
        append_smaller(&mut current, &mut earlier);
        if let Some((outer, _)) = self.name_scopes.last_mut() {
            append_smaller(outer, &mut current);
        }
    }

    fn alternative(&mut self, depth: usize) -> Result<Node, Error> {
        let mut terms = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' as u32 || c == ')' as u32 {
                break;
            }
            self.term(depth, &mut terms)?;
        }
        Ok(match terms.len() {
            0 => Node::Empty,
            1 => terms.pop().unwrap_or(Node::Empty),
            _ => Node::Seq(terms),
        })
    }

    /// Parses one term and pushes it onto `terms`.
    fn term(&mut self, depth: usize, terms: &mut Vec<Node>) -> Result<(), Error> {
        let groups_before = self.groups;
        let c = self.peek().unwrap_or(0);
        // (node, quantifiable)
        // `^ $ \b \B` take no quantifier: as in V8, whatever follows them is read as the
        // next term, so `^{` in the unicode modes is a lone bracket, not a broken quantifier.
        let multiline = self.multiline;
        let unicode_ci = self.unicode && self.ignore_case;
        let assertion = match char::from_u32(c).unwrap_or('\0') {
            '^' => Some((1, Assertion::Start { multiline })),
            '$' => Some((1, Assertion::End { multiline })),
            '\\' if matches!(self.peek_at(1), Some(0x62 | 0x42)) => Some((
                2,
                Assertion::WordBoundary {
                    negate: self.peek_at(1) == Some(0x42),
                    unicode_ci,
                },
            )),
            _ => None,
        };
        if let Some((len, assertion)) = assertion {
            self.pos += len;
            terms.push(Node::Assert(assertion));
            return Ok(());
        }
        let (atom, quantifiable) = match char::from_u32(c).unwrap_or('\0') {
            '(' => self.group(depth)?,
            '*' | '+' | '?' => return Err("Nothing to repeat"),
            '{' => {
                if self.unicode {
                    return Err(if matches!(self.quantifier(), Ok(Some(_))) {
                        "Nothing to repeat"
                    } else {
                        "Lone quantifier brackets"
                    });
                }
                let save = self.pos;
                if self.quantifier()?.is_some() {
                    return Err("Nothing to repeat");
                }
                self.pos = save + 1;
                (Node::Char('{' as u32), true)
            }
            '}' | ']' if self.unicode => return Err("Lone quantifier brackets"),
            '.' => {
                self.pos += 1;
                (Node::Dot { all: self.dot_all }, true)
            }
            '[' => {
                self.pos += 1;
                let node = if self.flags.unicode_sets {
                    self.class_v(depth + 1)?
                } else {
                    self.class()?
                };
                (node, true)
            }
            '\\' => {
                self.pos += 1;
                (self.atom_escape()?, true)
            }
            _ => {
                self.pos += 1;
                (Node::Char(c), true)
            }
        };
        let save = self.pos;
        match self.quantifier()? {
            Some((min, max)) => {
                if !quantifiable {
                    return Err(match atom {
                        Node::Look { .. } => "Invalid quantifier",
                        _ => "Nothing to repeat",
                    });
                }
                if min > max {
                    return Err("numbers out of order in {} quantifier");
                }
                let greedy = !self.eat('?');
                terms.push(Node::Repeat {
                    body: Box::new(atom),
                    min,
                    max,
                    greedy,
                    caps: (groups_before + 1, self.groups - groups_before),
                });
            }
            None => {
                self.pos = save;
                terms.push(atom);
            }
        }
        Ok(())
    }

    /// A quantifier at the cursor: `Some((min, max))` (max `u32::MAX` for none), or
    /// `None` with the cursor moved past whatever was read (the caller restores it).
    fn quantifier(&mut self) -> Result<Option<(u32, u32)>, Error> {
        let Some(c) = self.peek() else {
            return Ok(None);
        };
        let q = match char::from_u32(c).unwrap_or('\0') {
            '*' => (0, u32::MAX),
            '+' => (1, u32::MAX),
            '?' => (0, 1),
            '{' => {
                let save = self.pos;
                self.pos += 1;
                let braced = (|| {
                    let min = self.number()?;
                    let max = if self.eat(',') {
                        if self.peek() == Some('}' as u32) {
                            u32::MAX
                        } else {
                            self.number()?
                        }
                    } else {
                        min
                    };
                    self.eat('}').then_some((min, max))
                })();
                match braced {
                    Some(q) => return Ok(Some(q)),
                    None if self.unicode => return Err("Incomplete quantifier"),
                    None => {
                        self.pos = save;
                        return Ok(None);
                    }
                }
            }
            _ => return Ok(None),
        };
        self.pos += 1;
        Ok(Some(q))
    }

    /// Decimal digits, saturating at `u32::MAX` (V8 clamps huge counts too).
    fn number(&mut self) -> Option<u32> {
        let start = self.pos;
        let mut n: u32 = 0;
        while let Some(d) = self
            .peek()
            .and_then(char::from_u32)
            .and_then(|c| c.to_digit(10))
        {
            n = n.saturating_mul(10).saturating_add(d);
            self.pos += 1;
        }
        (self.pos > start).then_some(n)
    }

    fn group(&mut self, depth: usize) -> Result<(Node, bool), Error> {
        self.pos += 1; // (
        let look = if self.looking_at("?=") {
            Some((false, false, 2))
        } else if self.looking_at("?!") {
            Some((false, true, 2))
        } else if self.looking_at("?<=") {
            Some((true, false, 3))
        } else if self.looking_at("?<!") {
            Some((true, true, 3))
        } else {
            None
        };
        if let Some((behind, negate, skip)) = look {
            self.pos += skip;
            let body = self.disjunction(depth + 1)?;
            if !self.eat(')') {
                return Err("Unterminated group");
            }
            // Annex B: a lookahead is quantifiable outside the unicode modes.
            let quantifiable = !behind && !self.unicode;
            return Ok((
                Node::Look {
                    body: Box::new(body),
                    behind,
                    negate,
                },
                quantifiable,
            ));
        }
        let index = if self.looking_at("?:") {
            self.pos += 2;
            None
        } else if self.looking_at("?<") {
            self.pos += 2;
            let name = self.group_name()?;
            self.define_name(name);
            Some(self.groups)
        } else if self.peek() == Some('?' as u32) {
            return self.modifier_group(depth);
        } else {
            self.groups += 1;
            Some(self.groups)
        };
        let body = self.disjunction(depth + 1)?;
        if !self.eat(')') {
            return Err("Unterminated group");
        }
        Ok((
            Node::Group {
                body: Box::new(body),
                index,
            },
            true,
        ))
    }

    /// After `(` at a `?` that starts no other group: a modifier group `(?ims-ims:...)`.
    /// The early errors are V8's: an unknown character, repeated flags (on either side of
    /// the dash), two dashes, or a dash with no flag at all.
    fn modifier_group(&mut self, depth: usize) -> Result<(Node, bool), Error> {
        self.pos += 1; // ?
        let outer = (self.ignore_case, self.multiline, self.dot_all);
        let mut seen = [false; 3];
        let mut removing = false;
        loop {
            let c = self.peek().and_then(char::from_u32).unwrap_or('\0');
            self.pos += 1;
            let k = match c {
                'i' => 0,
                'm' => 1,
                's' => 2,
                '-' if removing => return Err("Multiple dashes in flag group"),
                '-' => {
                    removing = true;
                    continue;
                }
                ':' => break,
                _ => return Err("Invalid group"),
            };
            if seen[k] {
                return Err("Repeated flag in flag group");
            }
            seen[k] = true;
            *[
                &mut self.ignore_case,
                &mut self.multiline,
                &mut self.dot_all,
            ][k] = !removing;
        }
        if removing && seen == [false; 3] {
            return Err("Invalid flag group");
        }
        let body = self.disjunction(depth + 1);
        let ignore_case = self.ignore_case;
        (self.ignore_case, self.multiline, self.dot_all) = outer;
        let body = Box::new(body?);
        if !self.eat(')') {
            return Err("Unterminated group");
        }
        let node = if ignore_case == outer.0 {
            Node::Group { body, index: None }
        } else {
            Node::CaseScope { body, ignore_case }
        };
        Ok((node, true))
    }

    /// A group name after `(?<` or `\k<`, through the closing `>`.
    fn group_name(&mut self) -> Result<String, Error> {
        const BAD: Error = "Invalid capture group name";
        let mut name = String::new();
        let mut first = true;
        loop {
            let Some(mut c) = self.peek() else {
                return Err(BAD);
            };
            self.pos += 1;
            if c == '>' as u32 {
                break;
            }
            if c == '\\' as u32 {
                if !self.eat('u') {
                    return Err(BAD);
                }
                c = self.unicode_escape_body(true).ok_or(BAD)?;
            } else if (0xD800..0xDC00).contains(&c) {
                // A surrogate pair in a non-unicode pattern's source is one character.
                if let Some(t) = self.peek().filter(|t| (0xDC00..0xE000).contains(t)) {
                    self.pos += 1;
                    c = 0x10000 + ((c - 0xD800) << 10) + (t - 0xDC00);
                }
            }
            let ch = char::from_u32(c).ok_or(BAD)?;
            let ok = if first {
                ch.is_alphabetic() || ch == '$' || ch == '_'
            } else {
                ch.is_alphanumeric()
                    || ch == '$'
                    || ch == '_'
                    || ch == '\u{200C}'
                    || ch == '\u{200D}'
                    || matches!(ch, '\u{300}'..='\u{36F}')
            };
            if !ok {
                return Err(BAD);
            }
            name.push(ch);
            first = false;
        }
        if name.is_empty() {
            return Err(BAD);
        }
        Ok(name)
    }

    /// After `\u`: `XXXX` (a surrogate pair of two escapes combines in the unicode modes)
    /// or, with `braces` allowed, `{X...}`.
    fn unicode_escape_body(&mut self, braces: bool) -> Option<u32> {
        if braces && self.eat('{') {
            let mut v: u32 = 0;
            let start = self.pos;
            while let Some(d) = self.peek().and_then(hex_val) {
                v = v.saturating_mul(16).saturating_add(d);
                self.pos += 1;
            }
            if self.pos == start || !self.eat('}') || v > MAX_CP {
                return None;
            }
            return Some(v);
        }
        let hex4 = |p: &Self, at: usize| -> Option<u32> {
            (0..4).try_fold(0u32, |acc, k| {
                Some(acc * 16 + hex_val(p.chars.get(at + k).copied()?)?)
            })
        };
        let v = hex4(self, self.pos)?;
        self.pos += 4;
        if braces && (0xD800..0xDC00).contains(&v) && self.looking_at("\\u") {
            if let Some(t) = hex4(self, self.pos + 2).filter(|t| (0xDC00..0xE000).contains(t)) {
                self.pos += 6;
                return Some(0x10000 + ((v - 0xD800) << 10) + (t - 0xDC00));
            }
        }
        Some(v)
    }

    /// After a `\` outside a class.
    fn atom_escape(&mut self) -> Result<Node, Error> {
        let Some(c) = self.peek() else {
            return Err("\\ at end of pattern");
        };
        let ch = char::from_u32(c).unwrap_or('\0');
        match ch {
            '1'..='9' => {
                let save = self.pos;
                let n = self.number().unwrap_or(0);
                if (n as usize) <= self.total_groups {
                    return Ok(Node::BackRef(n as usize));
                }
                if self.unicode {
                    return Err("Invalid escape");
                }
                self.pos = save;
                Ok(Node::Char(self.legacy_octal_or_identity()))
            }
            'k' if self.unicode || self.has_named => {
                self.pos += 1;
                if !self.eat('<') {
                    return Err("Invalid named reference");
                }
                let name = self.group_name()?;
                self.named_refs.push(name);
                Ok(Node::NamedBackRef(self.named_refs.len() - 1))
            }
            _ => match self.class_escape(false)? {
                ClassAtom::Char(c) => Ok(Node::Char(c)),
                ClassAtom::Set(set) => Ok(Node::Class { set, negate: false }),
            },
        }
    }

    /// Annex B, after `\` at a digit outside the unicode modes: an octal escape (up to
    /// `\377`) or, for 8 and 9, the digit itself.
    fn legacy_octal_or_identity(&mut self) -> u32 {
        let c = self.peek().unwrap_or(0);
        self.pos += 1;
        if !(('0' as u32)..=('7' as u32)).contains(&c) {
            return c;
        }
        let mut v = c - '0' as u32;
        for _ in 0..2 {
            match self.peek() {
                Some(d)
                    if (('0' as u32)..=('7' as u32)).contains(&d) && v * 8 + (d - 48) <= 0o377 =>
                {
                    v = v * 8 + (d - 48);
                    self.pos += 1;
                }
                _ => break,
            }
        }
        v
    }

    /// An escape (after `\`) that denotes a character or a set; `in_class` for the rules
    /// that differ inside `[...]`.
    fn class_escape(&mut self, in_class: bool) -> Result<ClassAtom, Error> {
        let Some(c) = self.peek() else {
            return Err("\\ at end of pattern");
        };
        self.pos += 1;
        let ch = char::from_u32(c).unwrap_or('\0');
        let ui = self.unicode && self.ignore_case;
        let set = |s: CharSet| Ok(ClassAtom::Set(s));
        let max = self.max_char();
        match ch {
            'd' => set(set::digits()),
            'D' => set(set::digits().complement(max)),
            'w' => set(set::word(ui)),
            'W' => set(set::word(ui).complement(max)),
            's' => set(set::space()),
            'S' => set(set::space().complement(max)),
            'p' | 'P' if self.unicode => {
                let bad = if in_class {
                    "Invalid property name in character class"
                } else {
                    "Invalid property name"
                };
                if !self.eat('{') {
                    return Err(bad);
                }
                let start = self.pos;
                while self.peek().is_some_and(|c| c != '}' as u32) {
                    self.pos += 1;
                }
                if !self.eat('}') {
                    return Err(bad);
                }
                let text: String = self.chars[start..self.pos - 1]
                    .iter()
                    .filter_map(|&c| char::from_u32(c))
                    .collect();
                if !text
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '=')
                {
                    return Err(bad);
                }
                let (name, value) = match text.split_once('=') {
                    Some((n, v)) => (n, Some(v)),
                    None => (text.as_str(), None),
                };
                let mut s = set::property(name, value).ok_or(bad)?;
                if ch == 'P' && self.flags.unicode_sets && self.ignore_case {
                    // The `v` mode complements the case-folded set (CharacterComplement of
                    // MaybeSimpleCaseFolding): `\P{Lu}` under `i` matches neither `A` nor
                    // `a`. Elsewhere the matcher's folding applies after the complement.
                    s.close_over(set::simple_folding());
                }
                set(if ch == 'P' { s.complement(max) } else { s })
            }
            'f' => Ok(ClassAtom::Char(0x0C)),
            'n' => Ok(ClassAtom::Char(0x0A)),
            'r' => Ok(ClassAtom::Char(0x0D)),
            't' => Ok(ClassAtom::Char(0x09)),
            'v' => Ok(ClassAtom::Char(0x0B)),
            'b' if in_class => Ok(ClassAtom::Char(0x08)),
            '-' if in_class && self.unicode => Ok(ClassAtom::Char('-' as u32)),
            'c' => {
                let next = self.peek().and_then(char::from_u32);
                match next {
                    Some(l) if l.is_ascii_alphabetic() => {
                        self.pos += 1;
                        Ok(ClassAtom::Char(l as u32 % 32))
                    }
                    Some(l) if in_class && !self.unicode && (l.is_ascii_digit() || l == '_') => {
                        self.pos += 1;
                        Ok(ClassAtom::Char(l as u32 % 32))
                    }
                    _ if self.unicode => Err("Invalid Unicode escape"),
                    _ => {
                        // Annex B: `\c` not followed by a letter is a backslash.
                        self.pos -= 1;
                        Ok(ClassAtom::Char('\\' as u32))
                    }
                }
            }
            '0' if !self.peek().is_some_and(|d| (48..58).contains(&d)) => Ok(ClassAtom::Char(0)),
            '0'..='9' => {
                if self.unicode {
                    return Err(if in_class {
                        "Invalid class escape"
                    } else if ch == '0' {
                        "Invalid decimal escape"
                    } else {
                        "Invalid escape"
                    });
                }
                self.pos -= 1;
                Ok(ClassAtom::Char(self.legacy_octal_or_identity()))
            }
            'x' => {
                let h = (|| Some(hex_val(self.peek()?)? * 16 + hex_val(self.peek_at(1)?)?))();
                match h {
                    Some(v) => {
                        self.pos += 2;
                        Ok(ClassAtom::Char(v))
                    }
                    None if self.unicode => Err("Invalid escape"),
                    None => Ok(ClassAtom::Char('x' as u32)),
                }
            }
            'u' => {
                let save = self.pos;
                match self.unicode_escape_body(self.unicode) {
                    Some(v) => Ok(ClassAtom::Char(v)),
                    None if self.unicode => Err("Invalid Unicode escape"),
                    None => {
                        self.pos = save;
                        Ok(ClassAtom::Char('u' as u32))
                    }
                }
            }
            _ if self.unicode => {
                let reserved_v =
                    self.flags.unicode_sets && in_class && "&-!#%,:;<=>@`~".contains(ch);
                if is_syntax_char(c) || ch == '/' || reserved_v {
                    Ok(ClassAtom::Char(c))
                } else {
                    Err("Invalid escape")
                }
            }
            'k' if self.has_named && !in_class => Err("Invalid named reference"),
            _ => Ok(ClassAtom::Char(c)),
        }
    }

    fn class_atom(&mut self) -> Result<ClassAtom, Error> {
        let c = self.peek().ok_or("Unterminated character class")?;
        self.pos += 1;
        if c == '\\' as u32 {
            if self.peek().is_none() {
                return Err("\\ at end of pattern");
            }
            if self.peek() == Some('B' as u32) && self.unicode {
                return Err("Invalid escape");
            }
            if self.peek() == Some('k' as u32) && self.unicode {
                return Err("Invalid escape");
            }
            return self.class_escape(true);
        }
        Ok(ClassAtom::Char(c))
    }

    /// A class outside the `v` mode, after `[`.
    fn class(&mut self) -> Result<Node, Error> {
        let negate = self.eat('^');
        let mut set = CharSet::new();
        loop {
            match self.peek() {
                None => return Err("Unterminated character class"),
                Some(0x5D) => {
                    self.pos += 1;
                    break;
                }
                _ => {}
            }
            let a = self.class_atom()?;
            if self.peek() == Some('-' as u32) && self.peek_at(1).is_some_and(|c| c != 0x5D) {
                self.pos += 1;
                let b = self.class_atom()?;
                match (a, b) {
                    (ClassAtom::Char(x), ClassAtom::Char(y)) => {
                        if x > y {
                            return Err("Range out of order in character class");
                        }
                        set.add(x, y);
                    }
                    _ if self.unicode => return Err("Invalid character class"),
                    (a, b) => {
                        for atom in [a, ClassAtom::Char('-' as u32), b] {
                            match atom {
                                ClassAtom::Char(x) => set.add(x, x),
                                ClassAtom::Set(s) => set.union(&s),
                            }
                        }
                    }
                }
            } else {
                match a {
                    ClassAtom::Char(x) => set.add(x, x),
                    ClassAtom::Set(s) => set.union(&s),
                }
            }
        }
        Ok(Node::Class { set, negate })
    }

    /// A `v`-mode class after `[`: the node that matches it (strings first, longest first).
    fn class_v(&mut self, depth: usize) -> Result<Node, Error> {
        let negate = self.eat('^');
        let (set, mut strings) = self.class_set_expression(depth)?;
        if negate && !strings.is_empty() {
            return Err("Negated character class may contain strings");
        }
        if strings.is_empty() {
            return Ok(Node::Class { set, negate });
        }
        strings.sort_by_key(|s| std::cmp::Reverse(s.len()));
        let mut alts: Vec<Node> = strings
            .into_iter()
            .map(|s| match s.len() {
                0 => Node::Empty,
                _ => Node::Seq(s.into_iter().map(Node::Char).collect()),
            })
            .collect();
        // The empty string, if any, goes after the single characters.
        let empty = matches!(alts.last(), Some(Node::Empty));
        if empty {
            alts.pop();
        }
        alts.push(Node::Class { set, negate: false });
        if empty {
            alts.push(Node::Empty);
        }
        Ok(Node::Alt(alts))
    }

    /// The contents of a `v`-mode class through its `]`: its characters and its strings
    /// (of length other than one).
    fn class_set_expression(&mut self, depth: usize) -> Result<(CharSet, Vec<Vec<u32>>), Error> {
        if depth > MAX_DEPTH {
            return Err("Regular expression too large");
        }
        const BAD_OP: Error = "Invalid set operation in character class";
        if self.eat(']') {
            return Ok((CharSet::new(), Vec::new()));
        }
        let (mut set, mut strings, single) = self.class_set_operand(depth)?;
        enum Op {
            And,
            Minus,
        }
        let op = if self.looking_at("&&") {
            Some(Op::And)
        } else if self.looking_at("--") {
            Some(Op::Minus)
        } else {
            None
        };
        if let Some(op) = op {
            loop {
                if self.eat(']') {
                    break;
                }
                let is_and = self.looking_at("&&");
                let is_minus = self.looking_at("--");
                match op {
                    Op::And if is_and => {}
                    Op::Minus if is_minus => {}
                    _ => return Err(BAD_OP),
                }
                self.pos += 2;
                if self.peek() == Some('&' as u32) {
                    return Err("Invalid character in character class");
                }
                let (rs, rstr, _) = self.class_set_operand(depth)?;
                match op {
                    Op::And => {
                        set = set.intersect(&rs);
                        strings.retain(|s| rstr.contains(s));
                    }
                    Op::Minus => {
                        set = set.subtract(&rs);
                        strings.retain(|s| !rstr.contains(s));
                    }
                }
            }
            return Ok((set, strings));
        }
        // A union of operands and ranges.
        let mut pending = single;
        loop {
            if self.eat(']') {
                break;
            }
            if self.peek().is_none() {
                return Err("Unterminated character class");
            }
            if self.looking_at("&&") || self.looking_at("--") {
                return Err(BAD_OP);
            }
            if self.peek() == Some('-' as u32) {
                // A range: the previous operand must be a single character.
                let Some(lo) = pending.take() else {
                    return Err(BAD_OP);
                };
                self.pos += 1;
                let (_, _, hi) = self.class_set_operand(depth)?;
                let Some(hi) = hi else {
                    return Err("Invalid character class");
                };
                if lo > hi {
                    return Err("Range out of order in character class");
                }
                set.add(lo, hi);
                continue;
            }
            let (s, strs, single) = self.class_set_operand(depth)?;
            set.union(&s);
            for st in strs {
                if !strings.contains(&st) {
                    strings.push(st);
                }
            }
            pending = single;
        }
        Ok((set, strings))
    }

    /// One operand of a `v`-mode class: a nested class, `\q{...}`, an escape or a
    /// character. Returns its characters, its strings, and the character itself when it
    /// is a single character (which may start a range).
    #[allow(clippy::type_complexity)]
    fn class_set_operand(
        &mut self,
        depth: usize,
    ) -> Result<(CharSet, Vec<Vec<u32>>, Option<u32>), Error> {
        let c = self.peek().ok_or("Unterminated character class")?;
        let ch = char::from_u32(c).unwrap_or('\0');
        if ch == '[' {
            self.pos += 1;
            let negate = self.eat('^');
            let (set, strings) = self.class_set_expression(depth + 1)?;
            if negate {
                if !strings.is_empty() {
                    return Err("Negated character class may contain strings");
                }
                let mut s = set;
                if self.ignore_case {
                    s.close_over(set::simple_folding());
                }
                return Ok((s.complement(MAX_CP), Vec::new(), None));
            }
            return Ok((set, strings, None));
        }
        if ch == '\\' {
            if self.looking_at("\\q{") {
                self.pos += 3;
                let mut set = CharSet::new();
                let mut strings = Vec::new();
                let mut cur: Vec<u32> = Vec::new();
                loop {
                    let Some(c) = self.peek() else {
                        return Err("Unterminated character class");
                    };
                    if c == '}' as u32 || c == '|' as u32 {
                        self.pos += 1;
                        let s = std::mem::take(&mut cur);
                        if s.len() == 1 {
                            set.add(s[0], s[0]);
                        } else if !strings.contains(&s) {
                            strings.push(s);
                        }
                        if c == '}' as u32 {
                            break;
                        }
                        continue;
                    }
                    if c == '\\' as u32 {
                        self.pos += 1;
                        match self.class_escape(true)? {
                            ClassAtom::Char(x) => cur.push(x),
                            ClassAtom::Set(_) => return Err("Invalid escape"),
                        }
                    } else {
                        self.pos += 1;
                        cur.push(c);
                    }
                }
                return Ok((set, strings, None));
            }
            self.pos += 1;
            if self.peek() == Some('q' as u32) {
                return Err("Invalid escape");
            }
            return match self.class_escape(true)? {
                ClassAtom::Char(x) => Ok((CharSet::single(x), Vec::new(), Some(x))),
                ClassAtom::Set(s) => Ok((s, Vec::new(), None)),
            };
        }
        // A ClassSetCharacter: not a syntax character, not a doubled punctuator.
        if "()[]{}/-|".contains(ch) && ch != '[' {
            return Err("Invalid character in character class");
        }
        let next = self.peek_at(1);
        if next == Some(c) && "&!#$%*+,.:;<=>?@^`~".contains(ch) {
            return Err("Invalid set operation in character class");
        }
        self.pos += 1;
        Ok((CharSet::single(c), Vec::new(), Some(c)))
    }
}

/// Moves `from`'s items to `into`, moving the shorter list's (so an item moves O(log n)
/// times however deep the nesting).
fn append_smaller(into: &mut Vec<usize>, from: &mut Vec<usize>) {
    if into.len() < from.len() {
        std::mem::swap(into, from);
    }
    into.append(from);
}
