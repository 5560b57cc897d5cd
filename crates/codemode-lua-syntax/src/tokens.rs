//! The token adapter between logos and lalrpop.
//!
//! It lexes the whole source up front and, in the same pass, tracks open blocks and
//! brackets so that it can
//! - bound the syntactic nesting before the parser (or any recursive pass) sees the program:
//!   open blocks/brackets, plus the operators within each level that nest as Lua's parser
//!   nests them: unary operators and the right-associative `..` and `^` (`a..a..a` and
//!   `- - - x` build a tree one level deeper per operator). Left-associative chains
//!   (`1+1+1`, `a and b and c`, `a.b.c`, `o:m():m()`) are as flat for Lua's parser as a loop,
//!   so they are not counted: every pass over the tree walks their left spine iteratively;
//! - insert an invisible separator before a `(` that cannot continue an expression, so the
//!   grammar stays LR(1) (Lua's rule: a `(` after a prefix expression continues a call);
//! - check `...` outside vararg functions and `break` outside loops, as Lua's parser does;
//! - tell the error reporter which block a missing `end` would close.
//!
//! The first error found here does not stop parsing at once: the token stream is cut at that
//! point and ends with a `Bad` token, so a syntax error that Lua would report earlier still
//! wins, exactly as in Lua's single-pass parser.

use crate::lexer::{LexError, Tok};
use logos::Logos;

/// A token with its byte span.
pub type Spanned = (u32, Tok, u32);

/// An error found while lexing or tracking, reported if the parser gets to its position.
#[derive(Debug, Clone, PartialEq)]
pub enum Deferred {
    /// A lexical error.
    Lex(LexError),
    /// Lua's message, with the offset it is reported at; `near` is the token text to quote
    /// (`None` for no "near" part).
    Msg {
        msg: String,
        at: u32,
        near: Option<String>,
    },
}

/// The result of lexing: tokens (possibly cut at the first deferred error, with a `Bad`
/// token at its position) and that error.
#[derive(Debug, Default)]
pub struct Lexed {
    pub tokens: Vec<Spanned>,
    pub deferred: Option<Deferred>,
    /// Offsets of `...` outside vararg functions (an error if it is parsed as an
    /// expression), ascending.
    pub bad_varargs: Vec<u32>,
    /// Offsets of `break` outside loops, ascending.
    pub bad_breaks: Vec<u32>,
}

/// What an open level is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrameKind {
    Function,
    While,
    For,
    If,
    Do,
    Repeat,
    Paren,
    Bracket,
    Brace,
}

impl FrameKind {
    /// The opening token as Lua names it in "(to close 'X' at line N)".
    pub fn opener(self) -> &'static str {
        match self {
            FrameKind::Function => "function",
            FrameKind::While => "while",
            FrameKind::For => "for",
            FrameKind::If => "if",
            FrameKind::Do => "do",
            FrameKind::Repeat => "repeat",
            FrameKind::Paren => "(",
            FrameKind::Bracket => "[",
            FrameKind::Brace => "{",
        }
    }

    /// The token that closes it.
    pub fn closer(self) -> &'static str {
        match self {
            FrameKind::Repeat => "until",
            FrameKind::Paren => ")",
            FrameKind::Bracket => "]",
            FrameKind::Brace => "}",
            _ => "end",
        }
    }

    fn is_block(self) -> bool {
        !matches!(
            self,
            FrameKind::Paren | FrameKind::Bracket | FrameKind::Brace
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Params {
    Before,
    In,
    Done,
}

/// One open level.
#[derive(Debug, Clone, Copy)]
pub struct Frame {
    pub kind: FrameKind,
    /// Offset of the opening token.
    pub start: u32,
    /// Operators/suffixes counted at this level since its last expression boundary.
    ops: u32,
    /// `while`/`for` before their `do`.
    awaiting_do: bool,
    /// Functions: whether the parameter list has `...`.
    vararg: bool,
    params: Params,
    /// Braces: whether the `{` was a call argument (`f{...}`).
    call_arg: bool,
}

/// Tracks open levels token by token.
#[derive(Debug, Default)]
pub struct Tracker {
    pub frames: Vec<Frame>,
    base_ops: u32,
    /// frames.len() + all ops counts.
    total: usize,
    prev: Option<Tok>,
    /// Whether the previous token ends a prefix expression (so `(`, a string or `{` after it
    /// continue a call).
    prev_ends_prefix: bool,
    /// Whether the last closed brace was a call argument.
    last_brace_call: bool,
}

/// What the tracker says about one token.
pub enum Fed {
    Ok,
    /// Insert a `VSep` before this token.
    SepBefore,
    /// `...` outside a vararg function.
    BadVararg,
    /// `break` outside a loop.
    BadBreak,
    /// An error at this token.
    Error(String, Option<&'static str>),
}

const TOO_DEEP: &str = "chunk has too many syntax levels";

fn ends_value(t: Tok) -> bool {
    matches!(
        t,
        Tok::Name
            | Tok::Num(_)
            | Tok::Str
            | Tok::Nil
            | Tok::True
            | Tok::False
            | Tok::Dots
            | Tok::RParen
            | Tok::RBracket
            | Tok::RBrace
            | Tok::End
    )
}

/// Whether `t` (after `prev`) adds a level to the tree as Lua's recursive-descent parser
/// nests it: a unary operator, or a right-associative binary one.
fn counts_as_op(t: Tok, prev: Option<Tok>) -> bool {
    let after_value = prev.is_some_and(ends_value);
    match t {
        Tok::Concat | Tok::Caret | Tok::Not | Tok::Hash => true,
        // Binary minus and xor are left-associative; as prefixes they are unary.
        Tok::Minus | Tok::Tilde => !after_value,
        _ => false,
    }
}

impl Tracker {
    fn reset_ops(&mut self) {
        let ops = match self.frames.last_mut() {
            Some(f) => std::mem::take(&mut f.ops),
            None => std::mem::take(&mut self.base_ops),
        };
        self.total -= ops as usize;
    }

    fn add_op(&mut self) {
        match self.frames.last_mut() {
            Some(f) => f.ops += 1,
            None => self.base_ops += 1,
        }
        self.total += 1;
    }

    fn push(&mut self, kind: FrameKind, start: u32) {
        self.frames.push(Frame {
            kind,
            start,
            ops: 0,
            awaiting_do: matches!(kind, FrameKind::While | FrameKind::For),
            vararg: false,
            params: Params::Before,
            call_arg: false,
        });
        self.total += 1;
    }

    fn pop_if(&mut self, pred: impl Fn(FrameKind) -> bool) -> Option<Frame> {
        if self.frames.last().is_some_and(|f| pred(f.kind)) {
            let f = self.frames.pop()?;
            self.total -= 1 + f.ops as usize;
            Some(f)
        } else {
            None
        }
    }

    /// Whether `...` is allowed here (inside a vararg function's body, or the main chunk).
    fn vararg_allowed(&self) -> bool {
        self.frames
            .iter()
            .rev()
            .find(|f| f.kind == FrameKind::Function && f.params != Params::In)
            .is_none_or(|f| f.vararg)
    }

    fn in_loop(&self) -> bool {
        for f in self.frames.iter().rev() {
            match f.kind {
                FrameKind::While | FrameKind::For | FrameKind::Repeat => return true,
                FrameKind::Function => return false,
                _ => {}
            }
        }
        false
    }

    /// Feeds one token at offset `start`.
    pub fn feed(&mut self, tok: Tok, start: u32, max: usize) -> Fed {
        let prev = self.prev;
        let prev_prefix = self.prev_ends_prefix;
        self.prev = Some(tok);
        let mut fed = Fed::Ok;

        // Expression boundaries: reset the operator count of the current level.
        let juxtaposed = prev.is_some_and(ends_value)
            && matches!(
                tok,
                Tok::Name
                    | Tok::Num(_)
                    | Tok::Nil
                    | Tok::True
                    | Tok::False
                    | Tok::Dots
                    | Tok::Function
            );
        let sep_before = tok == Tok::LParen && prev.is_some_and(ends_value) && !prev_prefix;
        if sep_before {
            fed = Fed::SepBefore;
        }
        if juxtaposed
            || sep_before
            || matches!(
                tok,
                Tok::Comma
                    | Tok::Semi
                    | Tok::Assign
                    | Tok::Then
                    | Tok::Else
                    | Tok::Elseif
                    | Tok::In
                    | Tok::Return
                    | Tok::Local
                    | Tok::Break
                    | Tok::Goto
                    | Tok::DColon
                    | Tok::If
                    | Tok::While
                    | Tok::For
                    | Tok::Repeat
                    | Tok::Do
                    | Tok::Until
            )
        {
            self.reset_ops();
        }

        // Closers.
        match tok {
            Tok::End => {
                self.pop_if(FrameKind::is_block);
            }
            Tok::Until => {
                self.pop_if(|k| k == FrameKind::Repeat);
            }
            Tok::RParen if self.pop_if(|k| k == FrameKind::Paren).is_some() => {
                if let Some(f) = self.frames.last_mut() {
                    if f.kind == FrameKind::Function && f.params == Params::In {
                        f.params = Params::Done;
                    }
                }
            }
            Tok::RBracket => {
                self.pop_if(|k| k == FrameKind::Bracket);
            }
            Tok::RBrace => {
                let f = self.pop_if(|k| k == FrameKind::Brace);
                self.last_brace_call = f.is_some_and(|f| f.call_arg);
            }
            _ => {}
        }

        // A bracket adds its own level (below); a suffix (call or index) continues a
        // left-associative chain and adds none.
        if counts_as_op(tok, prev) {
            self.add_op();
        }

        // Openers.
        match tok {
            Tok::Function => self.push(FrameKind::Function, start),
            Tok::While => self.push(FrameKind::While, start),
            Tok::For => self.push(FrameKind::For, start),
            Tok::If => self.push(FrameKind::If, start),
            Tok::Repeat => self.push(FrameKind::Repeat, start),
            Tok::Do => match self.frames.last_mut() {
                Some(f) if f.awaiting_do => f.awaiting_do = false,
                _ => self.push(FrameKind::Do, start),
            },
            Tok::LParen => {
                if let Some(f) = self.frames.last_mut() {
                    if f.kind == FrameKind::Function && f.params == Params::Before {
                        f.params = Params::In;
                    }
                }
                self.push(FrameKind::Paren, start);
            }
            Tok::LBracket => self.push(FrameKind::Bracket, start),
            Tok::LBrace => {
                self.push(FrameKind::Brace, start);
                if let Some(f) = self.frames.last_mut() {
                    f.call_arg = prev_prefix;
                }
            }
            Tok::Dots => {
                let n = self.frames.len();
                let in_params = n >= 2
                    && self.frames[n - 1].kind == FrameKind::Paren
                    && self.frames[n - 2].kind == FrameKind::Function
                    && self.frames[n - 2].params == Params::In;
                if in_params {
                    self.frames[n - 2].vararg = true;
                } else if !self.vararg_allowed() {
                    fed = Fed::BadVararg;
                }
            }
            Tok::Break if !self.in_loop() => fed = Fed::BadBreak,
            _ => {}
        }

        self.prev_ends_prefix = match tok {
            Tok::Name | Tok::RParen | Tok::RBracket => true,
            Tok::Str => prev_prefix,
            // `}` ends a prefix if its `{` was a call argument (`f{...}`).
            Tok::RBrace => self.last_brace_call,
            _ => false,
        };

        if self.total > max {
            return Fed::Error(TOO_DEEP.into(), None);
        }
        fed
    }
}

/// Lexes `source`, tracking nesting; see the module docs.
pub fn lex(source: &str, max_nesting: usize, lines: &crate::LineIndex) -> Lexed {
    let mut out = Lexed {
        tokens: Vec::with_capacity(source.len() / 4 + 4),
        ..Lexed::default()
    };
    let mut tracker = Tracker::default();
    let mut lexer = Tok::lexer(source);
    while let Some(item) = lexer.next() {
        let span = lexer.span();
        let (start, end) = (span.start as u32, span.end as u32);
        let tok = match item {
            Ok(Tok::Trivia) => continue,
            Ok(t) => t,
            Err(e) if e.msg.is_empty() => {
                // An unknown character: the parser reports it as an unexpected symbol.
                out.tokens.push((start, Tok::Bad, end));
                return out;
            }
            Err(e) => {
                if let Some(s) = e.started_at {
                    // The line is only known here.
                    let line = lines.line(s);
                    out.deferred = Some(Deferred::Msg {
                        msg: format!("{} (starting at line {line})", e.msg),
                        at: e.at,
                        near: None,
                    });
                } else {
                    out.deferred = Some(Deferred::Lex(e));
                }
                out.tokens.push((start, Tok::Bad, end));
                return out;
            }
        };
        match tracker.feed(tok, start, max_nesting) {
            Fed::Ok => {}
            Fed::SepBefore => out.tokens.push((start, Tok::VSep, start)),
            Fed::BadVararg => out.bad_varargs.push(start),
            Fed::BadBreak => out.bad_breaks.push(start),
            Fed::Error(msg, near) => {
                out.deferred = Some(Deferred::Msg {
                    msg,
                    at: start,
                    near: near.map(str::to_string),
                });
                out.tokens.push((start, Tok::Bad, end));
                return out;
            }
        }
        out.tokens.push((start, tok, end));
    }
    out
}

/// The open levels just before token `index` of `tokens` (for error messages).
pub fn open_frames(tokens: &[Spanned], index: usize) -> Vec<Frame> {
    let mut tracker = Tracker::default();
    for &(start, tok, _) in tokens.iter().take(index) {
        if tok == Tok::VSep || tok == Tok::Bad {
            continue;
        }
        let _ = tracker.feed(tok, start, usize::MAX);
    }
    tracker.frames
}
