//! TypeScript's type grammar over the token vector, used only to find where a type ends.
//!
//! Every function takes the position where a construct starts and returns the position
//! after it, or `Stop::No` when the tokens there are not that construct (the caller then
//! keeps them as JavaScript). The parser is speculative, so it reads tokens and never
//! changes them; a `>` that TypeScript splits out of `>>`, `>=`, `>>=` ... is consumed by
//! position within the token (`Pos::sub`).
//!
//! Bounds: recursion depth is bounded by `max_depth` (the parse's nesting limit; `<` is not
//! a bracket the token adapter counts) and the total work of all speculative parses by a
//! budget proportional to the token count, so no program makes stripping quadratic.

use std::cell::{Cell, RefCell};

use foldhash::HashMap;

use crate::tokens::{Tok, TokenBuf};

/// A position in the token vector: token `i`, after its first `sub` bytes (only ever
/// non-zero inside a `>`-led compound token).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
pub(crate) struct Pos {
    pub i: usize,
    pub sub: u8,
}

impl Pos {
    pub fn at(i: usize) -> Pos {
        Pos { i, sub: 0 }
    }

    /// The position of the next token.
    pub fn next(self) -> Pos {
        Pos::at(self.i + 1)
    }
}

/// Why a construct was not read.
#[derive(Debug)]
pub(crate) enum Stop {
    /// Not this construct: keep the tokens as JavaScript.
    No,
    /// A bound was exceeded: the parse fails with this message at this byte offset.
    Hard(usize, String),
}

pub(crate) type R = Result<Pos, Stop>;

static GT: Tok = Tok::Gt;
static GT_EQ: Tok = Tok::GtEq;
static SHR: Tok = Tok::Shr;
static SHR_EQ: Tok = Tok::ShrEq;
static EQ: Tok = Tok::Eq;

/// The remainder of a `>`-led compound token after `sub` of its `>`s were consumed.
pub(crate) fn remainder(tok: &Tok, sub: u8) -> Option<&'static Tok> {
    Some(match (tok, sub) {
        (Tok::Shr, 1) | (Tok::UShr, 2) => &GT,
        (Tok::UShr, 1) => &SHR,
        (Tok::GtEq, 1) | (Tok::ShrEq, 2) | (Tok::UShrEq, 3) => &EQ,
        (Tok::ShrEq, 1) | (Tok::UShrEq, 2) => &GT_EQ,
        (Tok::UShrEq, 1) => &SHR_EQ,
        _ => return None,
    })
}

/// Token access for the stripper and the type grammar.
pub(crate) struct Toks<'a> {
    buf: &'a TokenBuf,
    nl: &'a [bool],
    /// For each bracket token (`(` `[` `{` and template chunks), its partner's index.
    partner: Vec<u32>,
    budget: Cell<u64>,
    max_depth: usize,
    /// Where a read first went deeper than `max_depth` (the read then fails as `No`, so
    /// JavaScript that only looks like deep types keeps its meaning; where only a type can
    /// be, the stripper reports the nesting instead).
    deep: Cell<Option<usize>>,
    /// Results of `angle` by token index: a failed speculative `<...>` read is not redone
    /// when the stripper reaches a `<` nested in it (`[a < b, c < d, ...]` stays linear).
    angles: RefCell<HashMap<usize, Option<Pos>>>,
}

const NONE: u32 = u32::MAX;

impl<'a> Toks<'a> {
    pub fn new(buf: &'a TokenBuf, nl: &'a [bool], max_depth: usize) -> Toks<'a> {
        let n = buf.len();
        let mut partner = vec![NONE; n];
        let mut stack: Vec<(usize, u8)> = Vec::new();
        for (i, t) in buf.iter().enumerate() {
            let kind = match t.1 {
                Tok::LParen | Tok::RParen => b'(',
                Tok::LBracket | Tok::RBracket => b'[',
                Tok::LBrace | Tok::RBrace => b'{',
                Tok::TemplateHead(_) | Tok::TemplateMiddle(_) | Tok::TemplateTail(_) => b'`',
                _ => continue,
            };
            let closes = matches!(
                t.1,
                Tok::RParen
                    | Tok::RBracket
                    | Tok::RBrace
                    | Tok::TemplateMiddle(_)
                    | Tok::TemplateTail(_)
            );
            let opens = !closes || matches!(t.1, Tok::TemplateMiddle(_));
            if closes {
                if let Some(&(open, k)) = stack.last() {
                    if k == kind {
                        stack.pop();
                        partner[open] = i as u32;
                        partner[i] = open as u32;
                    }
                }
            }
            if opens {
                stack.push((i, kind));
            }
        }
        Toks {
            buf,
            nl,
            partner,
            budget: Cell::new(64 * n as u64 + 4096),
            max_depth,
            deep: Cell::new(None),
            angles: RefCell::new(HashMap::default()),
        }
    }

    pub fn len(&self) -> usize {
        self.buf.len()
    }

    /// The token at `p` (for `sub > 0`, the rest of the compound token).
    pub fn tok(&self, p: Pos) -> Option<&'a Tok> {
        let t = &self.buf.get(p.i)?.1;
        if p.sub == 0 {
            Some(t)
        } else {
            remainder(t, p.sub)
        }
    }

    /// The byte offset where `p` starts (the end of the source after the last token).
    pub fn offset(&self, p: Pos) -> usize {
        match self.buf.get(p.i) {
            Some(t) => t.0 + usize::from(p.sub),
            None => self.buf.last().map(|t| t.2).unwrap_or(0),
        }
    }

    /// A line terminator comes before `p`.
    pub fn nl(&self, p: Pos) -> bool {
        p.sub == 0 && self.nl.get(p.i).copied().unwrap_or(false)
    }

    pub fn partner(&self, i: usize) -> Option<usize> {
        match self.partner.get(i) {
            Some(&j) if j != NONE => Some(j as usize),
            _ => None,
        }
    }

    fn is(&self, p: Pos, want: &Tok) -> bool {
        self.tok(p) == Some(want)
    }

    fn ident(&self, p: Pos, name: &str) -> bool {
        matches!(self.tok(p), Some(Tok::Ident(s)) if s == name)
    }

    fn expect(&self, p: Pos, want: &Tok) -> R {
        if self.is(p, want) {
            Ok(p.next())
        } else {
            Err(Stop::No)
        }
    }

    /// Charges one step of the budget and checks the depth.
    fn enter(&self, p: Pos, depth: usize) -> Result<(), Stop> {
        let left = self.budget.get();
        if left == 0 {
            return Err(Stop::Hard(
                self.offset(p),
                "type annotations are too complex to strip".into(),
            ));
        }
        self.budget.set(left - 1);
        if depth > self.max_depth {
            if self.deep.get().is_none() {
                self.deep.set(Some(self.offset(p)));
            }
            return Err(Stop::No);
        }
        Ok(())
    }

    /// Forgets an earlier depth overflow (before a read whose overflow matters).
    pub fn clear_deep(&self) {
        self.deep.set(None);
    }

    /// The error for a read that failed by going too deep, if it did.
    pub fn deep_error(&self) -> Option<(usize, String)> {
        self.deep.get().map(|offset| {
            (
                offset,
                format!(
                    "type is nested too deeply (more than {} levels)",
                    self.max_depth
                ),
            )
        })
    }

    /// Consumes one `>`, splitting `>>`, `>=`, `>>=` ... as TypeScript rescans them.
    pub fn expect_gt(&self, p: Pos) -> R {
        match self.tok(p) {
            Some(Tok::Gt) => Ok(p.next()),
            Some(Tok::Shr | Tok::UShr | Tok::GtEq | Tok::ShrEq | Tok::UShrEq) => Ok(Pos {
                i: p.i,
                sub: p.sub + 1,
            }),
            _ => Err(Stop::No),
        }
    }

    /// Skips a bracketed group starting at `p` (`(`, `[` or `{`).
    pub fn skip_group(&self, p: Pos) -> R {
        if p.sub != 0 {
            return Err(Stop::No);
        }
        match self.partner(p.i) {
            Some(close) if close > p.i => Ok(Pos::at(close + 1)),
            _ => Err(Stop::No),
        }
    }

    /// A type (`Type` in TypeScript's grammar): function and constructor types,
    /// conditional types, unions, intersections, operators, postfix array/indexed types.
    pub fn ty(&self, p: Pos, d: usize) -> R {
        self.enter(p, d)?;
        match self.tok(p) {
            Some(Tok::Lt) => {
                let q = self.angle(p, d)?;
                return self.fn_type_rest(q, d);
            }
            Some(Tok::New) => return self.constructor_type(p.next(), d),
            Some(Tok::Ident(s)) if s == "abstract" && self.is(p.next(), &Tok::New) => {
                return self.constructor_type(p.next().next(), d);
            }
            Some(Tok::LParen) => match self.fn_type_rest(p, d) {
                Ok(q) => return Ok(q),
                Err(Stop::No) => {}
                Err(hard) => return Err(hard),
            },
            _ => {}
        }
        let q = self.union(p, d)?;
        if self.is(q, &Tok::Extends) && !self.nl(q) {
            match self.conditional_rest(q.next(), d) {
                Ok(r) => return Ok(r),
                Err(Stop::No) => {}
                Err(hard) => return Err(hard),
            }
        }
        Ok(q)
    }

    fn constructor_type(&self, mut q: Pos, d: usize) -> R {
        if self.is(q, &Tok::Lt) {
            q = self.angle(q, d)?;
        }
        self.fn_type_rest(q, d)
    }

    /// `(params) => Type` from the `(`.
    fn fn_type_rest(&self, p: Pos, d: usize) -> R {
        let q = self.params(p, d)?;
        if !self.is(q, &Tok::Arrow) {
            return Err(Stop::No);
        }
        self.ty(q.next(), d + 1)
    }

    /// `extends U ? X : Y` after the `extends`.
    fn conditional_rest(&self, p: Pos, d: usize) -> R {
        let q = self.union(p, d + 1)?;
        let q = self.expect(q, &Tok::Question)?;
        let q = self.ty(q, d + 1)?;
        let q = self.expect(q, &Tok::Colon)?;
        self.ty(q, d + 1)
    }

    /// A parameter list `( ... )` of a function type or signature.
    pub fn params(&self, p: Pos, d: usize) -> R {
        let mut q = self.expect(p, &Tok::LParen)?;
        loop {
            self.enter(q, d)?;
            if self.is(q, &Tok::RParen) {
                return Ok(q.next());
            }
            if self.is(q, &Tok::Ellipsis) {
                q = q.next();
            }
            q = match self.tok(q) {
                Some(Tok::LBrace | Tok::LBracket) => self.skip_group(q)?,
                Some(t) if is_word(t) => q.next(),
                _ => return Err(Stop::No),
            };
            if self.is(q, &Tok::Question) {
                q = q.next();
            }
            if self.is(q, &Tok::Colon) {
                q = self.ty(q.next(), d + 1)?;
            }
            match self.tok(q) {
                Some(Tok::Comma) => q = q.next(),
                Some(Tok::RParen) => return Ok(q.next()),
                _ => return Err(Stop::No),
            }
        }
    }

    fn union(&self, p: Pos, d: usize) -> R {
        let mut q = p;
        if self.is(q, &Tok::Pipe) {
            q = q.next();
        }
        q = self.intersection(q, d)?;
        while self.is(q, &Tok::Pipe) {
            q = self.intersection(q.next(), d)?;
        }
        Ok(q)
    }

    fn intersection(&self, p: Pos, d: usize) -> R {
        let mut q = p;
        if self.is(q, &Tok::Amp) {
            q = q.next();
        }
        q = self.operator(q, d)?;
        while self.is(q, &Tok::Amp) {
            q = self.operator(q.next(), d)?;
        }
        Ok(q)
    }

    /// `keyof T`, `unique symbol`, `readonly T[]`, `infer U`, or a postfix type.
    fn operator(&self, p: Pos, d: usize) -> R {
        self.enter(p, d)?;
        if let Some(Tok::Ident(s)) = self.tok(p) {
            let operand_follows = self.tok(p.next()).is_some_and(starts_type);
            match s.as_str() {
                "keyof" | "unique" | "readonly" if operand_follows => {
                    return self.operator(p.next(), d + 1);
                }
                "infer" if self.tok(p.next()).is_some_and(is_word) => {
                    return Ok(p.next().next());
                }
                _ => {}
            }
        }
        let mut q = self.primary(p, d)?;
        while self.is(q, &Tok::LBracket) && !self.nl(q) {
            if self.is(q.next(), &Tok::RBracket) {
                q = q.next().next();
                continue;
            }
            let r = self.ty(q.next(), d + 1)?;
            q = self.expect(r, &Tok::RBracket)?;
        }
        Ok(q)
    }

    fn primary(&self, p: Pos, d: usize) -> R {
        self.enter(p, d)?;
        let d = d + 1;
        let Some(t) = self.tok(p) else {
            return Err(Stop::No);
        };
        match t {
            Tok::LParen => {
                let q = self.ty(p.next(), d)?;
                self.expect(q, &Tok::RParen)
            }
            Tok::LBracket => self.tuple(p, d),
            Tok::LBrace => self.object_type(p, d),
            Tok::Typeof => {
                let mut q = p.next();
                if self.is(q, &Tok::Import) {
                    return self.import_type(q, d);
                }
                q = self.entity(q)?;
                if self.is(q, &Tok::Lt) && !self.nl(q) {
                    q = self.angle(q, d)?;
                }
                Ok(q)
            }
            Tok::Import => self.import_type(p, d),
            Tok::Str(_)
            | Tok::Num(_)
            | Tok::BigInt(_)
            | Tok::True
            | Tok::False
            | Tok::Null
            | Tok::Void
            | Tok::Const
            | Tok::NoSubstTemplate(_) => Ok(p.next()),
            Tok::This => self.predicate(p.next(), d),
            Tok::Minus if matches!(self.tok(p.next()), Some(Tok::Num(_) | Tok::BigInt(_))) => {
                Ok(p.next().next())
            }
            Tok::TemplateHead(_) => {
                let mut q = p.next();
                loop {
                    q = self.ty(q, d)?;
                    match self.tok(q) {
                        Some(Tok::TemplateMiddle(_)) => q = q.next(),
                        Some(Tok::TemplateTail(_)) => return Ok(q.next()),
                        _ => return Err(Stop::No),
                    }
                }
            }
            Tok::Ident(s)
                if s == "asserts"
                    && !self.nl(p.next())
                    && matches!(self.tok(p.next()), Some(Tok::Ident(_) | Tok::This))
                    && !self.ident(p.next(), "is") =>
            {
                self.predicate(p.next().next(), d)
            }
            t if is_type_name(t) => {
                let single = !self.is(p.next(), &Tok::Dot);
                let mut q = self.entity(p)?;
                if self.is(q, &Tok::Lt) && !self.nl(q) {
                    q = self.angle(q, d)?;
                }
                if single {
                    return self.predicate(q, d);
                }
                Ok(q)
            }
            _ => Err(Stop::No),
        }
    }

    /// After `x` or `this`: an optional ` is T` (type predicates).
    fn predicate(&self, q: Pos, d: usize) -> R {
        if self.ident(q, "is") && !self.nl(q) {
            return self.ty(q.next(), d);
        }
        Ok(q)
    }

    /// `A.B.C`.
    fn entity(&self, p: Pos) -> R {
        if !self.tok(p).is_some_and(is_word) {
            return Err(Stop::No);
        }
        let mut q = p.next();
        while self.is(q, &Tok::Dot) && self.tok(q.next()).is_some_and(is_word) {
            q = q.next().next();
        }
        Ok(q)
    }

    /// `import("m").T<...>`.
    fn import_type(&self, p: Pos, d: usize) -> R {
        let q = self.expect(p.next(), &Tok::LParen)?;
        let q = match self.tok(q) {
            Some(Tok::Str(_)) => q.next(),
            _ => return Err(Stop::No),
        };
        let mut q = self.expect(q, &Tok::RParen)?;
        while self.is(q, &Tok::Dot) && self.tok(q.next()).is_some_and(is_word) {
            q = q.next().next();
        }
        if self.is(q, &Tok::Lt) && !self.nl(q) {
            q = self.angle(q, d)?;
        }
        Ok(q)
    }

    /// `[A, B?, ...C[], name: D, opt?: E]`.
    fn tuple(&self, p: Pos, d: usize) -> R {
        let mut q = p.next();
        loop {
            self.enter(q, d)?;
            if self.is(q, &Tok::RBracket) {
                return Ok(q.next());
            }
            if self.is(q, &Tok::Ellipsis) {
                q = q.next();
            }
            if self.tok(q).is_some_and(is_word) {
                if self.is(q.next(), &Tok::Colon) {
                    q = q.next().next();
                } else if self.is(q.next(), &Tok::Question) && self.is(q.next().next(), &Tok::Colon)
                {
                    q = Pos::at(q.i + 3);
                }
            }
            q = self.ty(q, d)?;
            if self.is(q, &Tok::Question) {
                q = q.next();
            }
            match self.tok(q) {
                Some(Tok::Comma) => q = q.next(),
                Some(Tok::RBracket) => return Ok(q.next()),
                _ => return Err(Stop::No),
            }
        }
    }

    /// `{ members }` of an object type or interface body, or a mapped type.
    pub fn object_type(&self, p: Pos, d: usize) -> R {
        let mut q = self.expect(p, &Tok::LBrace)?;
        if let Some(r) = self.mapped(q, d)? {
            return Ok(r);
        }
        loop {
            self.enter(q, d)?;
            if self.is(q, &Tok::RBrace) {
                return Ok(q.next());
            }
            q = self.member(q, d)?;
            match self.tok(q) {
                Some(Tok::Comma | Tok::Semi) => q = q.next(),
                Some(Tok::RBrace) => {}
                _ if self.nl(q) => {}
                _ => return Err(Stop::No),
            }
        }
    }

    /// `[+|-]readonly [K in T as U][+|-]?: V` after the `{`, through the `}`.
    fn mapped(&self, p: Pos, d: usize) -> Result<Option<Pos>, Stop> {
        let mut q = p;
        if matches!(self.tok(q), Some(Tok::Plus | Tok::Minus)) && self.ident(q.next(), "readonly") {
            q = q.next();
        }
        if self.ident(q, "readonly") {
            q = q.next();
        }
        let is_mapped = self.is(q, &Tok::LBracket)
            && self.tok(q.next()).is_some_and(is_word)
            && self.is(q.next().next(), &Tok::In);
        if !is_mapped {
            return Ok(None);
        }
        let mut q = self.ty(Pos::at(q.i + 3), d)?;
        if self.is(q, &Tok::As) {
            q = self.ty(q.next(), d)?;
        }
        q = self.expect(q, &Tok::RBracket)?;
        if matches!(self.tok(q), Some(Tok::Plus | Tok::Minus)) {
            q = q.next();
        }
        if self.is(q, &Tok::Question) {
            q = q.next();
        }
        if self.is(q, &Tok::Colon) {
            q = self.ty(q.next(), d)?;
        }
        if matches!(self.tok(q), Some(Tok::Semi | Tok::Comma)) {
            q = q.next();
        }
        Ok(Some(self.expect(q, &Tok::RBrace)?))
    }

    /// One member of an object type: property, method, call, construct or index signature.
    pub fn object_type_member(&self, p: Pos) -> R {
        self.member(p, 0)
    }

    fn member(&self, p: Pos, d: usize) -> R {
        let mut q = p;
        let name_after = |q: Pos| {
            self.tok(q.next()).is_some_and(|t| {
                is_word(t)
                    || matches!(
                        t,
                        Tok::Str(_) | Tok::Num(_) | Tok::BigInt(_) | Tok::LBracket
                    )
            })
        };
        if self.ident(q, "readonly") && name_after(q) {
            q = q.next();
        }
        if (self.ident(q, "get") || self.ident(q, "set")) && name_after(q) {
            q = q.next();
        }
        match self.tok(q) {
            Some(Tok::LParen | Tok::Lt) => return self.signature_rest(q, d),
            Some(Tok::New) if matches!(self.tok(q.next()), Some(Tok::LParen | Tok::Lt)) => {
                return self.signature_rest(q.next(), d);
            }
            Some(Tok::LBracket) => {
                if self.tok(q.next()).is_some_and(is_word) && self.is(q.next().next(), &Tok::Colon)
                {
                    let r = self.ty(Pos::at(q.i + 3), d)?;
                    let r = self.expect(r, &Tok::RBracket)?;
                    let r = self.expect(r, &Tok::Colon)?;
                    return self.ty(r, d);
                }
                q = self.skip_group(q)?;
            }
            Some(Tok::Str(_) | Tok::Num(_) | Tok::BigInt(_)) => q = q.next(),
            Some(t) if is_word(t) => q = q.next(),
            _ => return Err(Stop::No),
        }
        if self.is(q, &Tok::Question) {
            q = q.next();
        }
        match self.tok(q) {
            Some(Tok::LParen | Tok::Lt) => self.signature_rest(q, d),
            Some(Tok::Colon) => self.ty(q.next(), d),
            _ => Ok(q),
        }
    }

    /// `<T>(params): R` of a method, call or construct signature.
    pub fn signature_rest(&self, p: Pos, d: usize) -> R {
        let mut q = p;
        if self.is(q, &Tok::Lt) {
            q = self.angle(q, d)?;
        }
        q = self.params(q, d)?;
        if self.is(q, &Tok::Colon) {
            q = self.ty(q.next(), d)?;
        }
        Ok(q)
    }

    /// Type arguments or type parameters `<...>` (one liberal form for both:
    /// `[const|in|out] T [extends U] [= V]`, comma-separated).
    pub fn angle(&self, p: Pos, d: usize) -> R {
        if p.sub == 0 {
            if let Some(known) = self.angles.borrow().get(&p.i) {
                return known.ok_or(Stop::No);
            }
        }
        let r = self.angle_uncached(p, d);
        if p.sub == 0 {
            match r {
                Ok(q) => {
                    self.angles.borrow_mut().insert(p.i, Some(q));
                }
                Err(Stop::No) => {
                    self.angles.borrow_mut().insert(p.i, None);
                }
                Err(Stop::Hard(..)) => {}
            }
        }
        r
    }

    fn angle_uncached(&self, p: Pos, d: usize) -> R {
        let mut q = self.expect(p, &Tok::Lt)?;
        loop {
            self.enter(q, d)?;
            let modifier =
                matches!(self.tok(q), Some(Tok::Const | Tok::In)) || self.ident(q, "out");
            if modifier && self.tok(q.next()).is_some_and(is_word) {
                q = q.next();
            }
            q = self.ty(q, d + 1)?;
            if self.is(q, &Tok::Extends) {
                q = self.ty(q.next(), d + 1)?;
            }
            if self.is(q, &Tok::Eq) {
                q = self.ty(q.next(), d + 1)?;
            }
            if !self.is(q, &Tok::Comma) {
                break;
            }
            q = q.next();
            if self.expect_gt(q).is_ok() {
                break;
            }
        }
        self.expect_gt(q)
    }
}

/// Identifiers and every keyword (property names, parameter names in types).
pub(crate) fn is_word(t: &Tok) -> bool {
    matches!(
        t,
        Tok::Ident(_)
            | Tok::Break
            | Tok::Case
            | Tok::Catch
            | Tok::Const
            | Tok::Continue
            | Tok::Default
            | Tok::Delete
            | Tok::Do
            | Tok::Else
            | Tok::False
            | Tok::Finally
            | Tok::For
            | Tok::Function
            | Tok::If
            | Tok::Import
            | Tok::In
            | Tok::Instanceof
            | Tok::New
            | Tok::Null
            | Tok::Return
            | Tok::Switch
            | Tok::This
            | Tok::Throw
            | Tok::True
            | Tok::Try
            | Tok::Typeof
            | Tok::Var
            | Tok::Void
            | Tok::While
            | Tok::Let
            | Tok::Await
            | Tok::Yield
            | Tok::Of
            | Tok::From
            | Tok::As
            | Tok::Class
            | Tok::Enum
            | Tok::Export
            | Tok::Extends
            | Tok::Super
            | Tok::With
            | Tok::Debugger
            | Tok::Async
            | Tok::AsyncParen
    )
}

/// Identifiers that can name a type (contextual words included).
pub(crate) fn is_type_name(t: &Tok) -> bool {
    matches!(
        t,
        Tok::Ident(_) | Tok::Of | Tok::From | Tok::As | Tok::Let | Tok::Async | Tok::Await
    )
}

/// Whether a type can start with `t` (after `keyof`, `readonly` ...).
fn starts_type(t: &Tok) -> bool {
    !matches!(
        t,
        Tok::Comma
            | Tok::RParen
            | Tok::RBracket
            | Tok::RBrace
            | Tok::Gt
            | Tok::Semi
            | Tok::Eq
            | Tok::Colon
            | Tok::Question
            | Tok::Pipe
            | Tok::Amp
            | Tok::Arrow
            | Tok::Shr
            | Tok::UShr
            | Tok::GtEq
    )
}
