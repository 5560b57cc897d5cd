//! TypeScript's erasable syntax, removed from the token vector before the parser runs (the
//! way node's `--experimental-strip-types` blanks it out of the source): annotations,
//! `interface` and `type` declarations, generics, `as`/`satisfies`, non-null `!`, optional
//! markers, `declare`, class member modifiers, overload and abstract signatures. Every kept
//! token keeps its own offsets, so diagnostics point into the original source.
//!
//! Every program is read this way (programs are model-written, and TypeScript signatures in
//! the prompt invite annotations), so anything that is also valid JavaScript keeps its
//! JavaScript meaning: a `:` is a type annotation only where JavaScript has no `:` (a
//! parameter list, after a declared binding, a class body, after a parameter list that an
//! `=>` or a body follows), and `<` after an expression is a type argument list only by
//! TypeScript's rule (it parses as a type and is followed by `(`, a template, a line break,
//! a binary operator or something that cannot start an expression: `a < b > c` is JS).
//!
//! Types are read by a real type grammar (`types.rs`), so a type ends where TypeScript
//! ends it. Syntax that is not erasable (enums, namespaces with values, parameter
//! properties; decorators are refused by the token adapter) is `UnsupportedSyntax`.

mod types;

use crate::tokens::{self, LexError, Lexed, Tok, TokenBuf};
use types::{is_type_name, is_word, remainder, Pos, Stop, Toks, R};

/// Strips TypeScript's erasable syntax from `lexed`; `max_nesting` bounds type nesting.
pub(crate) fn strip(lexed: Lexed, max_nesting: usize) -> Result<Lexed, LexError> {
    let (edits, async_parens) = {
        let mut walker = Walker {
            t: Toks::new(&lexed.tokens, &lexed.newline_before, max_nesting),
            frames: vec![Frame::new(Kind::Block)],
            edits: Vec::new(),
            async_parens: Vec::new(),
            recent: [None; 3],
        };
        walker.run()?;
        (walker.edits, walker.async_parens)
    };
    if edits.is_empty() && async_parens.is_empty() {
        return Ok(lexed);
    }
    Ok(apply(lexed, edits, async_parens))
}

const ENUM: &str = "TypeScript enums are not erasable type syntax (an enum creates a runtime \
                    object): use a plain object, e.g. `const Color = { Red: 'red' } as const`";
const NAMESPACE: &str = "TypeScript namespaces with values are not erasable type syntax (a \
                         namespace creates a runtime object): use a plain object";
const PARAMETER_PROPERTY: &str =
    "TypeScript parameter properties (`private x` in constructor parameters) are not \
     erasable type syntax (they assign fields at run time): declare the field in the class \
     body and assign it in the constructor";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// A statement list or object literal (not told apart: neither has annotations).
    Block,
    Class,
    /// A parameter list. `ret`: a return type may follow. `sig`: the first token of the
    /// declaration, dropped whole when no body follows (overloads, abstract methods).
    Params {
        ret: bool,
        sig: Option<usize>,
    },
    Paren,
    Bracket,
    Subst,
    /// The braces of `import { a as b }` / `export { a as b }` (`as` renames there).
    Specifiers,
}

/// Where a `let`/`const`/`var` declaration is, in the frame that declared it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Decl {
    None,
    /// A binding comes next.
    Expect,
    /// Inside a destructuring pattern (a child frame).
    Pattern,
    /// After a binding: `:` is its annotation.
    After,
    /// In the initializer.
    Init,
}

/// Between `class` and the class body.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Head {
    None,
    Class,
    Heritage,
}

#[derive(Clone, Copy, Debug)]
struct Frame {
    kind: Kind,
    /// Open `?` (and `case`) whose `:` is still to come.
    ternary: u32,
    decl: Decl,
    head: Head,
    /// At the start of a parameter (after `(` or `,`).
    param_start: bool,
}

impl Frame {
    fn new(kind: Kind) -> Frame {
        Frame {
            kind,
            ternary: 0,
            decl: Decl::None,
            head: Head::None,
            param_start: matches!(kind, Kind::Params { .. }),
        }
    }
}

struct Walker<'a> {
    t: Toks<'a>,
    frames: Vec<Frame>,
    /// Removed ranges `[from, to)`.
    edits: Vec<(Pos, Pos)>,
    /// `async` identifiers that become `AsyncParen` once `<T>` after them is gone.
    async_parens: Vec<usize>,
    /// The last three kept tokens, most recent first.
    recent: [Option<Pos>; 3],
}

fn hard(stop: Stop) -> Result<(), LexError> {
    match stop {
        Stop::No => Ok(()),
        Stop::Hard(offset, message) => Err(LexError {
            offset,
            message,
            unsupported: false,
        }),
    }
}

fn unsupported(offset: usize, message: &str) -> LexError {
    LexError {
        offset,
        message: message.into(),
        unsupported: true,
    }
}

/// The result of a speculative read: `Some(end)`, `None` (not that construct) or a bound.
fn attempt(r: R) -> Result<Option<Pos>, LexError> {
    match r {
        Ok(q) => Ok(Some(q)),
        Err(stop) => hard(stop).map(|()| None),
    }
}

const MODIFIERS: &[&str] = &["public", "private", "protected", "readonly", "override"];

impl<'a> Walker<'a> {
    /// A read where only a type can be: going too deep is an error.
    fn definite(&self, r: R) -> Result<Option<Pos>, LexError> {
        let deep = self.t.deep_error();
        self.t.clear_deep();
        match (r, deep) {
            (Err(Stop::No), Some((offset, message))) => Err(LexError {
                offset,
                message,
                unsupported: false,
            }),
            (r, _) => attempt(r),
        }
    }

    /// A read where JavaScript is the alternative: going too deep means "not a type".
    fn speculative(&self, r: R) -> Result<Option<Pos>, LexError> {
        self.t.clear_deep();
        attempt(r)
    }

    fn run(&mut self) -> Result<(), LexError> {
        let mut p = Pos::at(0);
        while p.i < self.t.len() {
            p = self.step(p)?;
        }
        Ok(())
    }

    fn tok(&self, p: Pos) -> Option<&'a Tok> {
        self.t.tok(p)
    }

    fn recent_tok(&self, k: usize) -> Option<&'a Tok> {
        self.recent[k].and_then(|p| self.t.tok(p))
    }

    fn top(&self) -> Frame {
        self.frames
            .last()
            .copied()
            .unwrap_or(Frame::new(Kind::Block))
    }

    fn top_mut(&mut self) -> &mut Frame {
        if self.frames.is_empty() {
            self.frames.push(Frame::new(Kind::Block));
        }
        let last = self.frames.len() - 1;
        &mut self.frames[last]
    }

    fn drop_range(&mut self, from: Pos, to: Pos) -> Pos {
        if from < to {
            self.edits.push((from, to));
        }
        to
    }

    fn after_dot(&self) -> bool {
        matches!(self.recent_tok(0), Some(Tok::Dot | Tok::QuestionDot))
    }

    /// The next token is a name on the same line (`type X`, `interface X`, `declare const`).
    fn name_follows(&self, p: Pos) -> bool {
        !self.t.nl(p.next()) && self.tok(p.next()).is_some_and(is_type_name) && !self.after_dot()
    }

    fn step(&mut self, p: Pos) -> Result<Pos, LexError> {
        let Some(tok) = self.tok(p) else {
            return Ok(p.next());
        };
        let nl = self.t.nl(p);
        let f = self.top();
        match tok {
            Tok::Colon => {
                if f.ternary > 0 {
                    self.top_mut().ternary -= 1;
                } else if matches!(f.kind, Kind::Params { .. } | Kind::Class)
                    || f.decl == Decl::After
                {
                    if let Some(end) = self.definite(self.t.ty(p.next(), 0))? {
                        return Ok(self.drop_range(p, end));
                    }
                }
            }
            Tok::Question => {
                if self.optional_marker(p) {
                    return Ok(self.drop_range(p, p.next()));
                }
                self.top_mut().ternary += 1;
            }
            Tok::Case => self.top_mut().ternary += 1,
            Tok::Semi | Tok::AutoSemi => self.top_mut().ternary = 0,
            Tok::Bang if !nl && self.prev_ends_expr() => {
                return Ok(self.drop_range(p, p.next()));
            }
            Tok::As if !nl && f.kind != Kind::Specifiers && self.prev_ends_expr() => {
                if let Some(end) = self.definite(self.t.ty(p.next(), 0))? {
                    return Ok(self.drop_range(p, end));
                }
            }
            Tok::Lt => {
                if let Some(end) = self.angle(p)? {
                    return Ok(end);
                }
            }
            Tok::This if f.param_start && self.tok(p.next()) == Some(&Tok::Colon) => {
                // `function f(this: Window, x)`: the `this` parameter is a type only.
                if let Some(mut end) = self.definite(self.t.ty(p.next().next(), 0))? {
                    if self.tok(end) == Some(&Tok::Comma) {
                        end = end.next();
                    }
                    return Ok(self.drop_range(p, end));
                }
            }
            Tok::Enum if self.name_follows(p) => return Err(unsupported(self.t.offset(p), ENUM)),
            Tok::Const if self.tok(p.next()) == Some(&Tok::Enum) => {
                return Err(unsupported(self.t.offset(p), ENUM));
            }
            Tok::LParen => {
                let kind = self.classify_paren(p)?;
                self.keep(p, tok);
                self.frames.push(Frame::new(kind));
                return Ok(p.next());
            }
            Tok::RParen => return self.close_paren(p, tok),
            Tok::LBracket => {
                if let Some(end) = self.index_signature(p)? {
                    return Ok(end);
                }
                self.keep(p, tok);
                self.frames.push(Frame::new(Kind::Bracket));
                return Ok(p.next());
            }
            Tok::LBrace => {
                let specifiers = matches!(self.recent_tok(0), Some(Tok::Import | Tok::Export))
                    || (self.recent_tok(0) == Some(&Tok::Comma)
                        && self.recent_tok(2) == Some(&Tok::Import));
                let kind = if f.head != Head::None {
                    self.top_mut().head = Head::None;
                    Kind::Class
                } else if specifiers {
                    Kind::Specifiers
                } else {
                    Kind::Block
                };
                self.keep(p, tok);
                self.frames.push(Frame::new(kind));
                return Ok(p.next());
            }
            Tok::RBracket | Tok::RBrace | Tok::TemplateTail(_) => {
                let matches_open = match tok {
                    Tok::RBracket => f.kind == Kind::Bracket,
                    Tok::RBrace => matches!(f.kind, Kind::Block | Kind::Class | Kind::Specifiers),
                    _ => f.kind == Kind::Subst,
                };
                if matches_open && self.frames.len() > 1 {
                    self.frames.pop();
                }
            }
            Tok::TemplateHead(_) => {
                self.keep(p, tok);
                self.frames.push(Frame::new(Kind::Subst));
                return Ok(p.next());
            }
            Tok::Ident(word) => {
                if let Some(end) = self.word(p, word)? {
                    return Ok(end);
                }
            }
            _ => {}
        }
        self.keep(p, tok);
        Ok(p.next())
    }

    /// TypeScript's declarations and modifiers spelled as identifiers.
    fn word(&mut self, p: Pos, word: &str) -> Result<Option<Pos>, LexError> {
        let f = self.top();
        let nl = self.t.nl(p);
        match word {
            "satisfies" if !nl && self.prev_ends_expr() => Ok(self
                .definite(self.t.ty(p.next(), 0))?
                .map(|end| self.drop_range(p, end))),
            "type" | "interface" | "declare" if f.kind != Kind::Class => {
                let end = match word {
                    "type" => self.alias_end(p)?,
                    "interface" => self.interface_end(p)?,
                    _ => self.declare_end(p)?,
                };
                Ok(end.map(|end| self.drop_range(p, end)))
            }
            "abstract"
                if f.kind != Kind::Class
                    && self.tok(p.next()) == Some(&Tok::Class)
                    && !self.t.nl(p.next()) =>
            {
                Ok(Some(self.drop_range(p, p.next())))
            }
            "namespace" | "module" if f.kind != Kind::Class => self.namespace(p),
            "implements" if f.head != Head::None => {
                let mut q = p.next();
                loop {
                    match self.definite(self.t.ty(q, 0))? {
                        Some(end) => q = end,
                        None => return Ok(None),
                    }
                    if self.tok(q) != Some(&Tok::Comma) {
                        break;
                    }
                    q = q.next();
                }
                Ok(Some(self.drop_range(p, q)))
            }
            "declare" | "abstract" if f.kind == Kind::Class && self.modifier_applies(p) => {
                Ok(self.member_end(p)?.map(|end| self.drop_range(p, end)))
            }
            _ if MODIFIERS.contains(&word) && self.modifier_applies(p) => match f.kind {
                Kind::Class if f.ternary == 0 => Ok(Some(self.drop_range(p, p.next()))),
                Kind::Params { .. } if f.param_start => {
                    Err(unsupported(self.t.offset(p), PARAMETER_PROPERTY))
                }
                _ => Ok(None),
            },
            _ => Ok(None),
        }
    }

    /// A modifier word followed, on the same line, by what a member or parameter name
    /// starts with (so `readonly = 1` and `public() {}` stay names).
    fn modifier_applies(&self, p: Pos) -> bool {
        let n = p.next();
        !self.t.nl(n)
            && self.tok(n).is_some_and(|t| {
                is_word(t)
                    || matches!(
                        t,
                        Tok::Str(_)
                            | Tok::Num(_)
                            | Tok::BigInt(_)
                            | Tok::LBracket
                            | Tok::LBrace
                            | Tok::Star
                            | Tok::Unsupported
                            | Tok::Ellipsis
                    )
            })
    }

    /// Bookkeeping for a kept token.
    fn keep(&mut self, p: Pos, tok: &Tok) {
        self.recent = [Some(p), self.recent[0], self.recent[1]];
        let next_binds = matches!(
            self.tok(p.next()),
            Some(t) if is_type_name(t) || matches!(t, Tok::LBrace | Tok::LBracket)
        );
        let after_dot = matches!(self.recent_tok(1), Some(Tok::Dot | Tok::QuestionDot));
        let f = self.top_mut();
        f.param_start = matches!(tok, Tok::Comma) && matches!(f.kind, Kind::Params { .. });
        f.decl = match (f.decl, tok) {
            (_, Tok::Const | Tok::Var) => Decl::Expect,
            (_, Tok::Let) if next_binds => Decl::Expect,
            (Decl::Expect, Tok::LBrace | Tok::LBracket) => Decl::Pattern,
            (Decl::Expect, t) if is_type_name(t) => Decl::After,
            (Decl::Pattern, Tok::RBrace | Tok::RBracket) => Decl::After,
            (Decl::Pattern, _) => Decl::Pattern,
            (Decl::After, Tok::Eq) => Decl::Init,
            (Decl::After | Decl::Init, Tok::Comma) => Decl::Expect,
            (Decl::Init, Tok::Semi | Tok::AutoSemi) => Decl::None,
            (Decl::Init, _) => Decl::Init,
            _ => Decl::None,
        };
        match tok {
            Tok::Class if !after_dot => f.head = Head::Class,
            Tok::Extends if f.head == Head::Class => f.head = Head::Heritage,
            _ => {}
        }
    }

    /// The previous kept token ends an expression (so `!`, `as`, `<` after it are
    /// postfix/binary, not prefix).
    fn prev_ends_expr(&self) -> bool {
        let Some(p) = self.recent[0] else {
            return false;
        };
        let Some(t) = self.tok(p) else {
            return false;
        };
        match t {
            Tok::RParen => {
                let head = self
                    .t
                    .partner(p.i)
                    .and_then(|open| open.checked_sub(1))
                    .and_then(|i| self.tok(Pos::at(i)));
                !matches!(
                    head,
                    Some(Tok::If | Tok::While | Tok::For | Tok::With | Tok::Switch | Tok::Catch)
                )
            }
            Tok::RBrace => {
                // An object literal or function expression, not a block.
                let before = self
                    .t
                    .partner(p.i)
                    .and_then(|open| open.checked_sub(1))
                    .and_then(|i| self.tok(Pos::at(i)));
                match before {
                    Some(Tok::Arrow | Tok::ArrowNl) | None => false,
                    Some(b) => {
                        tokens::class(b) & (tokens::RIGHT | tokens::LEFT | tokens::PREFIX) != 0
                            || matches!(b, Tok::Comma | Tok::Return | Tok::Throw)
                    }
                }
            }
            _ => tokens::class(t) & tokens::ENDS_EXPR != 0,
        }
    }

    /// `?` of an optional parameter (`x?: T`) or class member (`x?: T`, `m?()`).
    fn optional_marker(&self, p: Pos) -> bool {
        let f = self.top();
        let next = self.tok(p.next());
        let prev = self.recent_tok(0);
        match f.kind {
            Kind::Params { .. } => {
                prev.is_some_and(|t| is_type_name(t) || matches!(t, Tok::RBrace | Tok::RBracket))
                    && matches!(next, Some(Tok::Colon | Tok::Comma | Tok::RParen | Tok::Eq))
            }
            Kind::Class => {
                f.ternary == 0
                    && prev.is_some_and(member_name)
                    && (matches!(
                        next,
                        Some(
                            Tok::Colon | Tok::LParen | Tok::Semi | Tok::Eq | Tok::Lt | Tok::RBrace
                        )
                    ) || self.t.nl(p.next()))
            }
            _ => false,
        }
    }

    /// `<...>` after an expression (type arguments, by TypeScript's rule) or where an
    /// operand starts (type parameters of a generic arrow, or an angle-bracket assertion).
    fn angle(&mut self, p: Pos) -> Result<Option<Pos>, LexError> {
        let ends = self.prev_ends_expr();
        let Some(end) = self.speculative(self.t.angle(p, 0))? else {
            return Ok(None);
        };
        if ends && self.top().head == Head::None {
            // TypeScript rescans the closing `>` of type arguments in an expression with
            // what touches it: `a < b, c >= d` ends in `>=`, a comparison.
            let rescanned = end.sub > 0
                && matches!(
                    self.tok(end),
                    Some(Tok::Eq | Tok::GtEq | Tok::Gt | Tok::Shr | Tok::ShrEq)
                );
            if rescanned || !self.can_follow_type_args(end) {
                return Ok(None);
            }
        }
        if let Some(prev) = self.recent[0] {
            let is_async = matches!(self.tok(prev), Some(Tok::Ident(s)) if s == "async");
            if is_async && self.tok(end) == Some(&Tok::LParen) && !self.t.nl(p) {
                self.async_parens.push(prev.i);
            }
        }
        Ok(Some(self.drop_range(p, end)))
    }

    /// TypeScript's `canFollowTypeArgumentsInExpression`.
    fn can_follow_type_args(&self, q: Pos) -> bool {
        match self.tok(q) {
            None => true,
            Some(Tok::LParen | Tok::NoSubstTemplate(_) | Tok::TemplateHead(_)) => true,
            Some(Tok::Lt | Tok::Gt | Tok::Plus | Tok::Minus) => false,
            Some(t) => self.t.nl(q) || is_binary_operator(t) || !starts_expression(t),
        }
    }

    fn classify_paren(&self, p: Pos) -> Result<Kind, LexError> {
        let f = self.top();
        let (r0, r1, r2) = (self.recent_tok(0), self.recent_tok(1), self.recent_tok(2));
        let function_at = match (r0, r1, r2) {
            (Some(Tok::Function), _, _) => self.recent[0],
            (Some(Tok::Star), Some(Tok::Function), _) => self.recent[1],
            (Some(t), Some(Tok::Function), _) if is_type_name(t) => self.recent[1],
            (Some(t), Some(Tok::Star), Some(Tok::Function)) if is_type_name(t) => self.recent[2],
            _ => None,
        };
        if let Some(fp) = function_at {
            let start = match fp.i.checked_sub(1) {
                Some(i) if self.tok(Pos::at(i)) == Some(&Tok::Async) => i,
                _ => fp.i,
            };
            return Ok(Kind::Params {
                ret: true,
                sig: Some(start),
            });
        }
        if r0 == Some(&Tok::Catch) {
            return Ok(Kind::Params {
                ret: false,
                sig: None,
            });
        }
        let Some(close) = self.t.partner(p.i) else {
            return Ok(Kind::Paren);
        };
        let after = Pos::at(close + 1);
        let arrow = Kind::Params {
            ret: true,
            sig: None,
        };
        if matches!(self.tok(after), Some(Tok::Arrow | Tok::ArrowNl)) {
            return Ok(arrow);
        }
        let named = r0.is_some_and(|t| method_name(t, r1));
        if f.kind == Kind::Class && named {
            if let Some(start) = self.member_start(self.recent[0]) {
                return Ok(Kind::Params {
                    ret: true,
                    sig: Some(start),
                });
            }
        }
        // In a conditional's branch, `(x) : y` is the conditional's `:` unless the
        // parentheses hold a parameter annotation (`c ? (x: T): U => x : ...`).
        let annotated = f.ternary == 0 || self.has_top_level_colon(p.i, close);
        if annotated && self.tok(after) == Some(&Tok::Colon) {
            if let Some(end) = self.speculative(self.t.ty(after.next(), 0))? {
                match self.tok(end) {
                    Some(Tok::Arrow) => return Ok(arrow),
                    Some(Tok::LBrace) if named => return Ok(arrow),
                    _ => {}
                }
            }
        }
        if named && self.tok(after) == Some(&Tok::LBrace) && !self.t.nl(after) {
            return Ok(arrow);
        }
        Ok(Kind::Paren)
    }

    /// A `:` directly inside the parentheses `open..close` (not in a nested group, not
    /// answering a `?`).
    fn has_top_level_colon(&self, open: usize, close: usize) -> bool {
        let mut q = Pos::at(open + 1);
        let mut ternary = 0u32;
        while q.i < close {
            match self.tok(q) {
                Some(Tok::LParen | Tok::LBracket | Tok::LBrace) => match self.t.skip_group(q) {
                    Ok(r) => q = r,
                    Err(_) => return false,
                },
                Some(Tok::Question) => {
                    // `x?:` marks an optional parameter, not a conditional.
                    let optional = matches!(
                        self.tok(q.next()),
                        Some(Tok::Colon | Tok::Comma | Tok::RParen | Tok::Eq)
                    );
                    ternary += u32::from(!optional);
                    q = q.next();
                }
                Some(Tok::Colon) if ternary == 0 => return true,
                Some(Tok::Colon) => {
                    ternary -= 1;
                    q = q.next();
                }
                _ => q = q.next(),
            }
        }
        false
    }

    /// The first token of the class member whose name is at `name` (walking back over
    /// modifiers), if `name` is a member name at all.
    fn member_start(&self, name: Option<Pos>) -> Option<usize> {
        let name = name?;
        let mut i = match self.tok(name) {
            Some(Tok::RBracket) => self.t.partner(name.i)?,
            _ => name.i,
        };
        loop {
            let before = i.checked_sub(1).map(|j| (j, self.tok(Pos::at(j))));
            match before {
                Some((j, Some(Tok::Ident(s))))
                    if matches!(
                        s.as_str(),
                        "static"
                            | "get"
                            | "set"
                            | "async"
                            | "public"
                            | "private"
                            | "protected"
                            | "readonly"
                            | "override"
                            | "abstract"
                            | "declare"
                    ) && !self.t.nl(Pos::at(i)) =>
                {
                    i = j
                }
                Some((j, Some(Tok::Star | Tok::Async))) => i = j,
                Some((_, Some(Tok::LBrace | Tok::Semi | Tok::RBrace | Tok::AutoSemi))) => {
                    return Some(i)
                }
                _ if self.t.nl(Pos::at(i)) => return Some(i),
                _ => return None,
            }
        }
    }

    fn close_paren(&mut self, p: Pos, tok: &Tok) -> Result<Pos, LexError> {
        let f = self.top();
        let popped = match f.kind {
            Kind::Params { .. } | Kind::Paren if self.frames.len() > 1 => {
                self.frames.pop();
                Some(f.kind)
            }
            _ => None,
        };
        self.keep(p, tok);
        let Some(Kind::Params { ret, sig }) = popped else {
            return Ok(p.next());
        };
        let mut q = p.next();
        if ret && self.tok(q) == Some(&Tok::Colon) {
            if let Some(end) = self.definite(self.t.ty(q.next(), 0))? {
                q = self.drop_range(q, end);
            }
        }
        if let Some(start) = sig {
            if !matches!(self.tok(q), Some(Tok::LBrace)) {
                // A signature without a body: an overload or an abstract method.
                if self.tok(q) == Some(&Tok::Semi) {
                    q = q.next();
                }
                self.recent = [start.checked_sub(1).map(Pos::at), None, None];
                return Ok(self.drop_range(Pos::at(start), q));
            }
        }
        Ok(q)
    }

    /// `[key: string]: T;` in a class body.
    fn index_signature(&mut self, p: Pos) -> Result<Option<Pos>, LexError> {
        let f = self.top();
        if f.kind != Kind::Class || f.ternary != 0 {
            return Ok(None);
        }
        let is_index = self.tok(p.next()).is_some_and(is_word)
            && self.tok(p.next().next()) == Some(&Tok::Colon);
        let Some(start) = self.member_start(Some(p)).filter(|_| is_index) else {
            return Ok(None);
        };
        let Some(mut q) = self.definite(self.t.object_type_member(p))? else {
            return Ok(None);
        };
        if self.tok(q) == Some(&Tok::Semi) {
            q = q.next();
        }
        Ok(Some(self.drop_range(Pos::at(start.min(p.i)), q)))
    }

    /// The end of a `declare`d or `abstract` class member starting at `p`.
    fn member_end(&self, p: Pos) -> Result<Option<Pos>, LexError> {
        let mut q = p;
        while let Some(Tok::Ident(s)) = self.tok(q) {
            let is_modifier = matches!(
                s.as_str(),
                "static"
                    | "public"
                    | "private"
                    | "protected"
                    | "readonly"
                    | "override"
                    | "abstract"
                    | "declare"
                    | "async"
                    | "get"
                    | "set"
            );
            if !is_modifier || !self.modifier_applies(q) {
                break;
            }
            q = q.next();
        }
        if matches!(self.tok(q), Some(Tok::Star | Tok::Async)) {
            q = q.next();
        }
        q = match self.tok(q) {
            Some(Tok::LBracket) => match self.t.skip_group(q) {
                Ok(r) => r,
                Err(_) => return Ok(None),
            },
            Some(t) if member_name(t) => q.next(),
            _ => return Ok(None),
        };
        if matches!(self.tok(q), Some(Tok::Question | Tok::Bang)) {
            q = q.next();
        }
        let end = match self.tok(q) {
            Some(Tok::LParen | Tok::Lt) => self.definite(self.t.signature_rest(q, 0))?,
            Some(Tok::Colon) => self.definite(self.t.ty(q.next(), 0))?,
            _ => Some(q),
        };
        Ok(end.map(|e| {
            if self.tok(e) == Some(&Tok::Semi) {
                e.next()
            } else {
                e
            }
        }))
    }

    /// `type Name<T> = Type;`
    fn alias_end(&self, p: Pos) -> Result<Option<Pos>, LexError> {
        if !self.name_follows(p) {
            return Ok(None);
        }
        let mut q = p.next().next();
        if self.tok(q) == Some(&Tok::Lt) {
            match self.definite(self.t.angle(q, 0))? {
                Some(end) => q = end,
                None => return Ok(None),
            }
        }
        if self.tok(q) != Some(&Tok::Eq) {
            return Ok(None);
        }
        Ok(self
            .definite(self.t.ty(q.next(), 0))?
            .map(|end| self.with_semi(end)))
    }

    /// `interface Name<T> extends A, B { ... }`
    fn interface_end(&self, p: Pos) -> Result<Option<Pos>, LexError> {
        if !self.name_follows(p) {
            return Ok(None);
        }
        let mut q = p.next().next();
        if self.tok(q) == Some(&Tok::Lt) {
            match self.definite(self.t.angle(q, 0))? {
                Some(end) => q = end,
                None => return Ok(None),
            }
        }
        if self.tok(q) == Some(&Tok::Extends) {
            loop {
                match self.definite(self.t.ty(q.next(), 0))? {
                    Some(end) => q = end,
                    None => return Ok(None),
                }
                if self.tok(q) != Some(&Tok::Comma) {
                    break;
                }
            }
        }
        Ok(self
            .definite(self.t.object_type(q, 0))?
            .map(|end| self.with_semi(end)))
    }

    /// `declare const x: T;`, `declare function f(): T;`, `declare class C { ... }`,
    /// `declare namespace N { ... }`, `declare global { ... }` ...
    fn declare_end(&self, p: Pos) -> Result<Option<Pos>, LexError> {
        let n = p.next();
        if self.t.nl(n) || self.after_dot() {
            return Ok(None);
        }
        match self.tok(n) {
            Some(Tok::Const | Tok::Let | Tok::Var) => {
                let mut q = n.next();
                loop {
                    q = match self.tok(q) {
                        Some(Tok::LBrace | Tok::LBracket) => match self.t.skip_group(q) {
                            Ok(r) => r,
                            Err(_) => return Ok(None),
                        },
                        Some(t) if is_type_name(t) => q.next(),
                        _ => return Ok(None),
                    };
                    if self.tok(q) == Some(&Tok::Colon) {
                        match self.definite(self.t.ty(q.next(), 0))? {
                            Some(end) => q = end,
                            None => return Ok(None),
                        }
                    }
                    if self.tok(q) != Some(&Tok::Comma) {
                        return Ok(Some(self.with_semi(q)));
                    }
                    q = q.next();
                }
            }
            Some(Tok::Function) | Some(Tok::Async) => {
                let mut q = n.next();
                if self.tok(n) == Some(&Tok::Async) {
                    if self.tok(q) != Some(&Tok::Function) {
                        return Ok(None);
                    }
                    q = q.next();
                }
                if self.tok(q) == Some(&Tok::Star) {
                    q = q.next();
                }
                if !self.tok(q).is_some_and(is_type_name) {
                    return Ok(None);
                }
                Ok(self
                    .definite(self.t.signature_rest(q.next(), 0))?
                    .map(|end| self.with_semi(end)))
            }
            Some(Tok::Ident(s)) if s == "type" => self.alias_end(n),
            Some(Tok::Ident(s)) if s == "interface" => self.interface_end(n),
            Some(Tok::Class | Tok::Enum) => Ok(self.through_body(n)),
            Some(Tok::Ident(s))
                if matches!(s.as_str(), "namespace" | "module" | "global" | "abstract") =>
            {
                Ok(self.through_body(n))
            }
            _ => Ok(None),
        }
    }

    /// From `p`, past the first `{ ... }` at the same nesting level.
    fn through_body(&self, p: Pos) -> Option<Pos> {
        let mut q = p;
        loop {
            match self.tok(q)? {
                Tok::LBrace => return self.t.skip_group(q).ok(),
                Tok::LParen | Tok::LBracket => q = self.t.skip_group(q).ok()?,
                Tok::Semi | Tok::RBrace => return None,
                _ => q = q.next(),
            }
        }
    }

    /// `namespace N { ... }` / `module N { ... }`: dropped when it declares only types,
    /// refused otherwise (a namespace with values is a runtime object).
    fn namespace(&mut self, p: Pos) -> Result<Option<Pos>, LexError> {
        let n = p.next();
        let named = self
            .tok(n)
            .is_some_and(|t| is_type_name(t) || matches!(t, Tok::Str(_)));
        if !named || self.t.nl(n) || self.after_dot() {
            return Ok(None);
        }
        let mut q = n.next();
        while self.tok(q) == Some(&Tok::Dot) && self.tok(q.next()).is_some_and(is_word) {
            q = q.next().next();
        }
        if self.tok(q) != Some(&Tok::LBrace) {
            return Ok(None);
        }
        let Some(close) = self.t.partner(q.i) else {
            return Ok(None);
        };
        let mut s = q.next();
        while s.i < close {
            if self.tok(s) == Some(&Tok::Export) {
                s = s.next();
            }
            let end = match self.tok(s) {
                Some(Tok::Ident(w)) if w == "type" => self.alias_end(s)?,
                Some(Tok::Ident(w)) if w == "interface" => self.interface_end(s)?,
                Some(Tok::Ident(w)) if w == "declare" => self.declare_end(s)?,
                Some(Tok::Semi) => Some(s.next()),
                _ => None,
            };
            match end {
                Some(e) if e > s => s = e,
                _ => return Err(unsupported(self.t.offset(p), NAMESPACE)),
            }
        }
        Ok(Some(self.drop_range(p, Pos::at(close + 1))))
    }

    fn with_semi(&self, end: Pos) -> Pos {
        if self.tok(end) == Some(&Tok::Semi) {
            end.next()
        } else {
            end
        }
    }
}

/// A token that can name a class member or method (`#x` is `Unsupported` for now).
fn member_name(t: &Tok) -> bool {
    is_word(t)
        || matches!(
            t,
            Tok::Str(_) | Tok::Num(_) | Tok::BigInt(_) | Tok::RBracket | Tok::Unsupported
        )
}

/// `t` before `(` names a method (`m(`, `"m"(`, `[k](`, `#m(`); keywords only directly
/// after a member boundary (`{ delete() {} }`), since `if (`, `return (` are statements.
fn method_name(t: &Tok, before: Option<&Tok>) -> bool {
    match t {
        Tok::Str(_) | Tok::Num(_) | Tok::BigInt(_) | Tok::RBracket | Tok::Unsupported => true,
        t if is_type_name(t) => true,
        t if is_word(t) => {
            matches!(
                before,
                Some(Tok::LBrace | Tok::Comma | Tok::Semi | Tok::RBrace | Tok::Star)
            ) || matches!(before, Some(Tok::Ident(s)) if matches!(s.as_str(), "get" | "set" | "static"))
        }
        _ => false,
    }
}

fn is_binary_operator(t: &Tok) -> bool {
    matches!(
        t,
        Tok::QuestionQuestion
            | Tok::PipePipe
            | Tok::AmpAmp
            | Tok::Pipe
            | Tok::Caret
            | Tok::Amp
            | Tok::EqEq
            | Tok::NotEq
            | Tok::EqEqEq
            | Tok::NotEqEq
            | Tok::Lt
            | Tok::Gt
            | Tok::LtEq
            | Tok::GtEq
            | Tok::Instanceof
            | Tok::In
            | Tok::As
            | Tok::Shl
            | Tok::Shr
            | Tok::UShr
            | Tok::Plus
            | Tok::Minus
            | Tok::Star
            | Tok::Slash
            | Tok::Percent
            | Tok::StarStar
    ) || matches!(t, Tok::Ident(s) if s == "satisfies")
}

fn starts_expression(t: &Tok) -> bool {
    matches!(
        t,
        Tok::Ident(_)
            | Tok::Num(_)
            | Tok::BigInt(_)
            | Tok::Str(_)
            | Tok::NoSubstTemplate(_)
            | Tok::TemplateHead(_)
            | Tok::LParen
            | Tok::LBracket
            | Tok::LBrace
            | Tok::Function
            | Tok::Class
            | Tok::New
            | Tok::Slash
            | Tok::SlashEq
            | Tok::Plus
            | Tok::Minus
            | Tok::Tilde
            | Tok::Bang
            | Tok::Delete
            | Tok::Typeof
            | Tok::Void
            | Tok::PlusPlus
            | Tok::MinusMinus
            | Tok::PlusPlusNl
            | Tok::MinusMinusNl
            | Tok::Lt
            | Tok::Await
            | Tok::Yield
            | Tok::This
            | Tok::Super
            | Tok::Null
            | Tok::True
            | Tok::False
            | Tok::Import
            | Tok::Let
            | Tok::Of
            | Tok::From
            | Tok::As
            | Tok::Async
            | Tok::AsyncParen
            | Tok::Unsupported
    )
}

/// Rebuilds the token vector without the removed ranges (a range ending inside a
/// `>`-led compound token keeps the rest of that token).
fn apply(lexed: Lexed, mut edits: Vec<(Pos, Pos)>, mut async_parens: Vec<usize>) -> Lexed {
    edits.sort_unstable();
    let mut merged: Vec<(Pos, Pos)> = Vec::with_capacity(edits.len());
    for (from, to) in edits {
        match merged.last_mut() {
            Some(last) if from <= last.1 => last.1 = last.1.max(to),
            _ => merged.push((from, to)),
        }
    }
    async_parens.sort_unstable();
    let Lexed {
        tokens,
        newline_before,
        unsupported,
        call_parens,
        escaped_keyword,
    } = lexed;
    let mut out = TokenBuf::with_estimate(tokens.len());
    let mut nl_out = Vec::with_capacity(newline_before.len());
    let mut new_index = Vec::with_capacity(call_parens.len());
    let mut calls = call_parens.iter().peekable();
    let mut e = 0;
    let mut pending_nl = false;
    for (i, (start, tok, end)) in tokens.into_iter().enumerate() {
        while e < merged.len() && merged[e].1 <= Pos::at(i) {
            e += 1;
        }
        let nl = newline_before.get(i).copied().unwrap_or(false);
        if let Some(&(from, to)) = merged.get(e) {
            if from.i <= i && Pos::at(i) < to {
                pending_nl |= nl;
                if to.i == i && to.sub > 0 {
                    if let Some(rest) = remainder(&tok, to.sub) {
                        out.push((start + usize::from(to.sub), rest.clone(), end));
                        nl_out.push(pending_nl);
                        pending_nl = false;
                    }
                }
                while calls.next_if(|&&c| c == i).is_some() {}
                continue;
            }
        }
        if calls.next_if(|&&c| c == i).is_some() {
            new_index.push(out.len());
        }
        let tok = if async_parens.binary_search(&i).is_ok() {
            Tok::AsyncParen
        } else {
            tok
        };
        out.push((start, tok, end));
        nl_out.push(nl || pending_nl);
        pending_nl = false;
    }
    Lexed {
        tokens: out,
        newline_before: nl_out,
        unsupported,
        call_parens: new_index,
        escaped_keyword,
    }
}
