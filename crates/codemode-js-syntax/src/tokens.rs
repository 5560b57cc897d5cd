//! The token adapter: runs the logos lexer and produces the token vector the lalrpop parser
//! reads. It decides everything the raw lexer cannot:
//!
//! - regular expression vs division, from the previous significant token (and, after `}`,
//!   whether the brace closed a statement block or declaration body or an expression);
//! - template literal chunks, with a mode stack for nested `${ ... }`;
//! - which tokens follow a line terminator (restricted productions: `return`/`break`/
//!   `continue` get an explicit `AutoSemi`, `throw` is an error, postfix `++`/`--` and `=>`
//!   become tokens the grammar does not accept in that position);
//! - contextual keywords (`async`, `of` and `in` in for-heads);
//! - the nesting bounds (brackets and unbracketed recursive chains), before any parsing;
//! - candidates for `UnsupportedSyntax` (generators, getters and setters ...).

use logos::Logos;

use crate::lexer::Raw;

/// One template chunk: cooked (None when it has an invalid escape) and raw text.
#[derive(Debug, Clone, PartialEq)]
pub struct TplPart {
    /// Escapes decoded; `None` if an escape is invalid (allowed only in tagged templates).
    pub cooked: Option<Vec<u16>>,
    /// The raw text with CR and CRLF normalized to LF.
    pub raw: Vec<u16>,
    /// Why `cooked` is `None`, with the offset of the bad escape.
    pub error: Option<(usize, &'static str)>,
}

/// Tokens as the grammar sees them.
#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    Ident(String),
    /// `#name` (the text includes `#`).
    PrivateName(String),
    Num(f64),
    /// A BigInt literal: its digits with the radix prefix (`10`, `0x1f`), separators and
    /// the `n` removed.
    BigInt(String),
    Str(Vec<u16>),
    /// A regular expression literal: its body (the source text between the slashes) and
    /// its flags, as UTF-16.
    Regex(Box<(Vec<u16>, Vec<u16>)>),
    NoSubstTemplate(Box<TplPart>),
    TemplateHead(Box<TplPart>),
    TemplateMiddle(Box<TplPart>),
    TemplateTail(Box<TplPart>),

    // Keywords.
    Break,
    Case,
    Catch,
    Const,
    Continue,
    Default,
    Delete,
    Do,
    Else,
    False,
    Finally,
    For,
    Function,
    If,
    Import,
    In,
    Instanceof,
    New,
    Null,
    Return,
    Switch,
    This,
    Throw,
    True,
    Try,
    Typeof,
    Var,
    Void,
    While,
    Let,
    Await,
    /// `yield` (a keyword everywhere in codemode; see validate.rs).
    Yield,
    Of,
    From,
    As,
    // Reserved words the subset does not support (accepted only as property names).
    Class,
    Enum,
    Export,
    Extends,
    Super,
    With,
    Debugger,

    // Contextual tokens made by the adapter.
    /// `async` before `function`, before a name (`async x =>`, async methods) — no newline.
    Async,
    /// `async` directly before `(` (call `async(...)` or async arrow head).
    AsyncParen,
    /// `in` at the top level of a for-head before the first `;`.
    ForIn,
    /// `of` at the top level of a for-head.
    ForOf,
    /// `await` right after `for` (`for await (... of ...)`).
    ForAwait,
    /// `++` that follows a line terminator (prefix only).
    PlusPlusNl,
    /// `--` that follows a line terminator (prefix only).
    MinusMinusNl,
    /// `=>` after a line terminator (never accepted).
    ArrowNl,
    /// The semicolon of a restricted production (`return\nx`).
    AutoSemi,
    /// A construct reported as UnsupportedSyntax (a decorator, a legacy octal literal ...); never accepted.
    Unsupported,

    // Punctuators.
    LBrace,
    RBrace,
    LParen,
    RParen,
    LBracket,
    RBracket,
    Dot,
    Ellipsis,
    Semi,
    Comma,
    Lt,
    Gt,
    LtEq,
    GtEq,
    EqEq,
    NotEq,
    EqEqEq,
    NotEqEq,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    StarStar,
    PlusPlus,
    MinusMinus,
    Shl,
    Shr,
    UShr,
    Amp,
    Pipe,
    Caret,
    Bang,
    Tilde,
    AmpAmp,
    PipePipe,
    QuestionQuestion,
    Question,
    QuestionDot,
    Colon,
    Eq,
    PlusEq,
    MinusEq,
    StarEq,
    SlashEq,
    PercentEq,
    StarStarEq,
    ShlEq,
    ShrEq,
    UShrEq,
    AmpEq,
    PipeEq,
    CaretEq,
    AmpAmpEq,
    PipePipeEq,
    QuestionQuestionEq,
    Arrow,
}

impl Tok {
    /// How V8 describes this token in "Unexpected ..." messages.
    pub fn describe(&self, source: &str, start: usize, end: usize) -> String {
        let text = source.get(start..end).unwrap_or("");
        match self {
            Tok::Ident(name) | Tok::PrivateName(name) => format!("Unexpected identifier '{name}'"),
            Tok::Let | Tok::Of | Tok::From | Tok::As | Tok::Async | Tok::AsyncParen => {
                format!("Unexpected identifier '{text}'")
            }
            Tok::ForOf => "Unexpected identifier 'of'".to_string(),
            Tok::Num(_) | Tok::BigInt(_) => "Unexpected number".to_string(),
            Tok::Str(_) => "Unexpected string".to_string(),
            Tok::Regex(_) => "Unexpected regular expression".to_string(),
            Tok::NoSubstTemplate(_) | Tok::TemplateHead(_) => {
                "Unexpected template string".to_string()
            }
            Tok::AutoSemi => "Unexpected token ';'".to_string(),
            Tok::Enum => "Unexpected reserved word".to_string(),
            Tok::Unsupported => "Invalid or unexpected token".to_string(),
            Tok::TemplateMiddle(_) | Tok::TemplateTail(_) => "Unexpected token '}'".to_string(),
            _ => format!("Unexpected token '{text}'"),
        }
    }
}

// What `emit` needs to know about a token, computed by one match per token (and kept for
// the next token as `Adapter::prev_class`) instead of one match per question.
/// Can end an expression (then `/` after it is division and `(` after it is a call).
pub(crate) const ENDS_EXPR: u32 = 1;
/// Can start a statement (resets the chains after a newline that ends an expression).
const STARTS_STMT: u32 = 1 << 1;
/// Always a prefix operator.
pub(crate) const PREFIX: u32 = 1 << 2;
/// A prefix operator unless it follows an expression (`+ - ++ --`).
const MAYBE_PREFIX: u32 = 1 << 3;
/// A right-associative link (assignments, `?`, `:`, `=>`, `**`).
pub(crate) const RIGHT: u32 = 1 << 4;
/// Nests a statement without braces (`if`, `else`, loops, `with`).
const NESTS_STMT: u32 = 1 << 5;
/// A left-associative link when it follows an expression (binary operators, member access,
/// calls, tagged templates).
pub(crate) const LEFT: u32 = 1 << 6;
/// Ends an expression chain (`;` `,`).
const RESETS_EXPR: u32 = 1 << 7;
/// `return`, `break`, `continue` (restricted productions).
const RESTRICTED: u32 = 1 << 8;
const THROW: u32 = 1 << 9;
/// Ends a statement (`;` `}`).
const ENDS_STMT: u32 = 1 << 10;
const FOR: u32 = 1 << 11;
/// A `(` after it opens call arguments (`async(`, `import(`).
const CALL_HEAD: u32 = 1 << 12;
/// A `(` after it is a statement head (`if`, `while`, `with`).
const COND_HEAD: u32 = 1 << 13;
/// Continues the statement chain (`else`, the `while` of `do ... while`).
const KEEPS_STMT_CHAIN: u32 = 1 << 15;

/// `=` and the compound assignment operators.
const ASSIGN: u32 = 1 << 16;

/// Whether `tok` is `=` or a compound assignment operator.
use crate::numeric_literal::{
    bigint_literal, parse_decimal, parse_radix, scan_fraction, separator_error,
};

pub(crate) fn is_assign_op(tok: &Tok) -> bool {
    class(tok) & ASSIGN != 0
}

pub(crate) fn class(tok: &Tok) -> u32 {
    match tok {
        Tok::Ident(_)
        | Tok::PrivateName(_)
        | Tok::Num(_)
        | Tok::BigInt(_)
        | Tok::Str(_)
        | Tok::Regex(_) => ENDS_EXPR | STARTS_STMT,
        Tok::This | Tok::Null | Tok::True | Tok::False | Tok::Let => ENDS_EXPR | STARTS_STMT,
        Tok::NoSubstTemplate(_) => ENDS_EXPR | LEFT,
        Tok::TemplateHead(_) => LEFT,
        Tok::TemplateTail(_) | Tok::RParen | Tok::RBracket => ENDS_EXPR,
        Tok::RBrace => ENDS_EXPR | ENDS_STMT,
        Tok::Super | Tok::Of | Tok::From | Tok::As | Tok::Unsupported => ENDS_EXPR,
        Tok::PlusPlus | Tok::MinusMinus => ENDS_EXPR | MAYBE_PREFIX,
        Tok::Const | Tok::Var | Tok::Try | Tok::Switch | Tok::Class => STARTS_STMT,
        Tok::If => STARTS_STMT | NESTS_STMT | COND_HEAD,
        Tok::For => STARTS_STMT | NESTS_STMT | FOR,
        // Its `(` opens the for head, as after `for`.
        Tok::ForAwait => FOR,
        Tok::While => STARTS_STMT | NESTS_STMT | COND_HEAD | KEEPS_STMT_CHAIN,
        Tok::Do => STARTS_STMT | NESTS_STMT,
        Tok::Else => NESTS_STMT | KEEPS_STMT_CHAIN,
        Tok::With => NESTS_STMT | COND_HEAD,
        Tok::Return | Tok::Break | Tok::Continue => STARTS_STMT | RESTRICTED,
        // `yield` is restricted too (no line break before its operand) and, like a prefix
        // operator, puts `/` after it in regex position.
        Tok::Yield => STARTS_STMT | RESTRICTED | PREFIX,
        Tok::Throw => STARTS_STMT | THROW,
        Tok::Function | Tok::Async | Tok::LBrace => STARTS_STMT,
        Tok::AsyncParen | Tok::Import => STARTS_STMT | CALL_HEAD,
        Tok::Comma => RESETS_EXPR,
        Tok::Semi => RESETS_EXPR | ENDS_STMT,
        Tok::Bang
        | Tok::Tilde
        | Tok::Typeof
        | Tok::Void
        | Tok::Delete
        | Tok::Await
        | Tok::New
        | Tok::PlusPlusNl
        | Tok::MinusMinusNl => STARTS_STMT | PREFIX,
        Tok::Ellipsis => PREFIX,
        Tok::Plus | Tok::Minus => MAYBE_PREFIX | LEFT,
        Tok::Eq
        | Tok::PlusEq
        | Tok::MinusEq
        | Tok::StarEq
        | Tok::SlashEq
        | Tok::PercentEq
        | Tok::StarStarEq
        | Tok::ShlEq
        | Tok::ShrEq
        | Tok::UShrEq
        | Tok::AmpEq
        | Tok::PipeEq
        | Tok::CaretEq
        | Tok::AmpAmpEq
        | Tok::PipePipeEq
        | Tok::QuestionQuestionEq => RIGHT | ASSIGN,
        Tok::Question | Tok::Colon | Tok::Arrow | Tok::StarStar => RIGHT,
        Tok::Star
        | Tok::Slash
        | Tok::Percent
        | Tok::Shl
        | Tok::Shr
        | Tok::UShr
        | Tok::Amp
        | Tok::Pipe
        | Tok::Caret
        | Tok::AmpAmp
        | Tok::PipePipe
        | Tok::QuestionQuestion
        | Tok::Lt
        | Tok::Gt
        | Tok::LtEq
        | Tok::GtEq
        | Tok::EqEq
        | Tok::NotEq
        | Tok::EqEqEq
        | Tok::NotEqEq
        | Tok::In
        | Tok::Instanceof
        | Tok::Dot
        | Tok::QuestionDot
        | Tok::LParen
        | Tok::LBracket => LEFT,
        Tok::TemplateMiddle(_)
        | Tok::Case
        | Tok::Catch
        | Tok::Default
        | Tok::Finally
        | Tok::Enum
        | Tok::Export
        | Tok::Extends
        | Tok::Debugger
        | Tok::ForIn
        | Tok::ForOf
        | Tok::ArrowNl
        | Tok::AutoSemi => 0,
    }
}

/// A lexing failure or a bound exceeded, with its byte offset.
#[derive(Debug, Clone, PartialEq)]
pub struct LexError {
    pub offset: usize,
    pub message: String,
    /// UnsupportedSyntax rather than ParseError.
    pub unsupported: bool,
}

impl LexError {
    pub(crate) fn new(offset: usize, message: impl Into<String>) -> LexError {
        LexError {
            offset,
            message: message.into(),
            unsupported: false,
        }
    }
}

/// A token with its byte range, as the parser reads it.
pub type Spanned = (usize, Tok, usize);

/// Tokens per chunk of a [`TokenBuf`]: 96 KiB chunks, under glibc's mmap threshold.
const CHUNK: usize = 2048;

/// The token list, in chunks rather than one vector: a large program's single token vector
/// would be its own mmap (fresh pages, each a page fault, returned to the system once the
/// parse is done), while chunks come from the heap, whose pages the compiler then reuses.
#[derive(Default)]
pub struct TokenBuf {
    chunks: Vec<Vec<Spanned>>,
    len: usize,
}

impl TokenBuf {
    /// An empty buffer whose first chunk has room for `estimate` tokens (up to a chunk).
    pub fn with_estimate(estimate: usize) -> TokenBuf {
        TokenBuf {
            chunks: vec![Vec::with_capacity(estimate.min(CHUNK))],
            len: 0,
        }
    }

    #[inline]
    pub fn push(&mut self, t: Spanned) {
        match self.chunks.last_mut() {
            Some(chunk) if chunk.len() < CHUNK => chunk.push(t),
            _ => {
                let mut chunk = Vec::with_capacity(CHUNK);
                chunk.push(t);
                self.chunks.push(chunk);
            }
        }
        self.len += 1;
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn last(&self) -> Option<&Spanned> {
        self.chunks.last().and_then(|c| c.last())
    }

    pub fn get(&self, i: usize) -> Option<&Spanned> {
        self.chunks.get(i / CHUNK).and_then(|c| c.get(i % CHUNK))
    }

    pub fn iter(&self) -> impl Iterator<Item = &Spanned> {
        self.chunks.iter().flatten()
    }
}

impl IntoIterator for TokenBuf {
    type Item = Spanned;
    type IntoIter = TokenIter;

    fn into_iter(self) -> TokenIter {
        let mut rest = self.chunks.into_iter();
        let current = rest.next().unwrap_or_default().into_iter();
        TokenIter { current, rest }
    }
}

/// Drains a [`TokenBuf`] chunk by chunk (simpler than `Flatten`, so the parser's token
/// fetch stays inlined).
pub struct TokenIter {
    current: std::vec::IntoIter<Spanned>,
    rest: std::vec::IntoIter<Vec<Spanned>>,
}

impl Iterator for TokenIter {
    type Item = Spanned;

    #[inline]
    fn next(&mut self) -> Option<Spanned> {
        loop {
            if let Some(t) = self.current.next() {
                return Some(t);
            }
            self.current = self.rest.next()?.into_iter();
        }
    }
}

/// The lexed program.
pub struct Lexed {
    /// `(start, token, end)` triples in source order.
    pub tokens: TokenBuf,
    /// `newline_before[i]`: a line terminator separates token `i` from the previous one.
    pub newline_before: Vec<bool>,
    /// Unsupported constructs seen, in source order: (offset, message). Reported when the
    /// parse fails at or after them.
    pub unsupported: Vec<(usize, &'static str)>,
    /// The first reserved word written with escapes (`\u0069f`): lexed as an identifier,
    /// valid as a property name; a parse failure at or after it is reported as its error
    /// (the validator rejects it where an identifier stands).
    pub escaped_keyword: Option<usize>,
    /// For each `(` token index: whether it opens call arguments (for "missing ) after
    /// argument list").
    pub call_parens: Vec<usize>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Open {
    Paren,
    /// The parenthesis of an `if`/`while`/`with` head: after it, `/` starts a regex.
    HeadParen,
    /// The parenthesis of a `for (...)` head; `true` while still in its first clause.
    ForParen(bool),
    Bracket,
    Brace,
    /// A brace that opens a statement block or a declaration's body: after its `}`, `/`
    /// starts a regular expression (`{}\n/re/`, `function f() {}/re/`).
    Block,
    /// `${` of a template literal.
    Subst,
}

/// Per-level counters of unbracketed chains (see `Depth`).
#[derive(Clone, Copy, Default, Debug)]
struct Level {
    /// Right-associative / statement-nesting operators since the last reset.
    right: u32,
    /// Left-associative operators (binary, member, call) since the last reset.
    left: u32,
    /// Statement-nesting keywords (`if`, `else`, loops, labels) since the last statement end
    /// not followed by `else`.
    stmt: u32,
}

/// A multiple of `max_nesting` allowed for left-associative chains (`a+b+c+...`,
/// `a.b.c...`), which the LR parser handles without recursion; later passes see them as a
/// left spine of that length.
pub const LEFT_CHAIN_FACTOR: usize = 5;

struct Adapter<'s> {
    src: &'s str,
    max_nesting: usize,
    out: Lexed,
    stack: Vec<Open>,
    levels: Vec<Level>,
    sum_right: u64,
    sum_left: u64,
    prefix_run: u32,
    prev_end: usize,
    /// Index in `out.tokens` of each open `(`, parallel to the stack (or usize::MAX).
    open_index: Vec<usize>,
    /// The previous token closed an `if`/`while`/`for` head: what follows starts a statement.
    after_head: bool,
    /// The previous token closed an `Open::Block`: a `/` next starts a regex.
    after_block: bool,
    /// The next token starts a statement (at the top level or directly in a block; known
    /// only after `;`, a block's braces and the program start).
    stmt_start: bool,
    /// The stack depth of a `function`/`class` declaration whose body brace is to come.
    decl_body_at: Option<usize>,
    /// `class()` of the last token emitted (0 before the first).
    prev_class: u32,
}

/// Lexes `src` into the parser's token vector, enforcing `max_nesting`.
pub fn lex(src: &str, max_nesting: usize) -> Result<Lexed, LexError> {
    let mut adapter = Adapter {
        src,
        max_nesting,
        out: Lexed {
            tokens: TokenBuf::with_estimate(src.len() / 3 + 4),
            newline_before: Vec::with_capacity(src.len() / 3 + 4),
            unsupported: Vec::new(),
            escaped_keyword: None,
            call_parens: Vec::new(),
        },
        stack: Vec::new(),
        levels: vec![Level::default()],
        sum_right: 0,
        sum_left: 0,
        prefix_run: 0,
        prev_end: 0,
        open_index: Vec::new(),
        after_head: false,
        after_block: false,
        stmt_start: true,
        decl_body_at: None,
        prev_class: 0,
    };
    adapter.run()?;
    Ok(adapter.out)
}

fn is_line_terminator_gap(gap: &str) -> bool {
    // One pass over the bytes: LF, CR, or U+2028 / U+2029 (E2 80 A8 / E2 80 A9).
    let bytes = gap.as_bytes();
    bytes.iter().enumerate().any(|(i, &b)| {
        b == b'\n'
            || b == b'\r'
            || (b == 0xE2
                && bytes.get(i + 1) == Some(&0x80)
                && matches!(bytes.get(i + 2), Some(0xA8) | Some(0xA9)))
    })
}

fn is_id_char(c: char) -> bool {
    c == '$' || c == '_' || c.is_alphanumeric() || c == '\\'
}

impl<'s> Adapter<'s> {
    fn run(&mut self) -> Result<(), LexError> {
        let src = self.src;
        let mut start_at = 0;
        if src.starts_with("#!") {
            start_at = src.find(['\n', '\r']).unwrap_or(src.len());
        }
        let mut lex = Raw::lexer(src);
        if start_at > 0 {
            lex.bump(start_at);
        }
        while let Some(result) = lex.next() {
            let span = lex.span();
            let (start, mut end) = (span.start, span.end);
            // An identifier with unicode escapes: logos stops at (or fails on) the `\`.
            let escaped = (src.as_bytes().get(end) == Some(&b'\\')
                && matches!(result, Ok(Raw::Ident | Raw::Word)))
                || (result.is_err() && src[start..].starts_with("\\u"));
            // A private name with unicode escapes (`#\u{6F}`): `#` and an escaped identifier.
            let escaped_private = (src.as_bytes().get(end) == Some(&b'\\')
                && matches!(result, Ok(Raw::PrivateName)))
                || (matches!(result, Ok(Raw::Hash)) && src[end..].starts_with("\\u"));
            if escaped_private {
                let id = crate::ident_escape::scan(src, start + 1)?;
                lex.bump(id.end.saturating_sub(end));
                self.emit(
                    start,
                    Tok::PrivateName(format!("#{}", id.name)),
                    id.end.max(end),
                )?;
                continue;
            }
            if escaped {
                let after_dot = matches!(
                    self.out.tokens.last(),
                    Some((_, Tok::Dot | Tok::QuestionDot, _))
                );
                let (name, id_end) = crate::ident_escape::token(src, start)?;
                if !after_dot
                    && crate::ident_escape::is_reserved(&name)
                    && self.out.escaped_keyword.is_none()
                {
                    self.out.escaped_keyword = Some(start);
                }
                lex.bump(id_end.saturating_sub(end));
                self.emit(start, Tok::Ident(name), id_end.max(end))?;
                continue;
            }
            let raw = match result {
                Ok(Raw::Trivia) => continue,
                Ok(raw) => raw,
                Err(()) => return Err(self.invalid_token(start)),
            };
            let text = &src[start..end];
            let prev_ends_expr =
                self.prev_class & ENDS_EXPR != 0 && !self.after_head && !self.after_block;
            let tok = match raw {
                Raw::Ident => Tok::Ident(text.to_string()),
                Raw::Word => self.word(text, start, end, &lex),
                Raw::PrivateName => Tok::PrivateName(text.to_string()),
                Raw::At => {
                    self.out
                        .unsupported
                        .push((start, "decorators are not supported (not erasable type syntax: a decorator runs code when its class is defined)"));
                    Tok::Unsupported
                }
                Raw::Hash => return Err(self.invalid_token(start)),
                Raw::Decimal => {
                    self.check_after_number(end)?;
                    let t = text.as_bytes();
                    if t.len() > 1 && t[0] == b'0' && t[1].is_ascii_digit() {
                        self.out
                            .unsupported
                            .push((start, "legacy octal literals (leading 0) are not supported"));
                        Tok::Unsupported
                    } else {
                        Tok::Num(parse_decimal(text).ok_or_else(|| separator_error(start, text))?)
                    }
                }
                Raw::Hex | Raw::Octal | Raw::Binary => {
                    self.check_after_number(end)?;
                    let radix = match raw {
                        Raw::Hex => 16,
                        Raw::Octal => 8,
                        _ => 2,
                    };
                    Tok::Num(
                        parse_radix(&text[2..], radix)
                            .ok_or_else(|| separator_error(start, text))?,
                    )
                }
                Raw::BigInt => {
                    self.check_after_number(end)?;
                    Tok::BigInt(bigint_literal(start, &text[..text.len() - 1])?)
                }
                Raw::String => Tok::Str(decode_string(src, start + 1, end - 1)?),
                Raw::Backtick => {
                    let (part, close, tail) = self.scan_template(start + 1, start)?;
                    lex.bump(close - end);
                    end = close;
                    if tail {
                        Tok::NoSubstTemplate(Box::new(part))
                    } else {
                        self.push_open(Open::Subst, start)?;
                        Tok::TemplateHead(Box::new(part))
                    }
                }
                Raw::RBrace if self.stack.last() == Some(&Open::Subst) => {
                    self.pop_open();
                    let (part, close, tail) = self.scan_template(start + 1, start)?;
                    lex.bump(close - end);
                    end = close;
                    if tail {
                        Tok::TemplateTail(Box::new(part))
                    } else {
                        self.push_open(Open::Subst, start)?;
                        Tok::TemplateMiddle(Box::new(part))
                    }
                }
                Raw::Slash | Raw::SlashEq if !prev_ends_expr => {
                    if src.as_bytes().get(start + 1) == Some(&b'*') {
                        // An unterminated block comment.
                        return Err(self.invalid_token(start));
                    }
                    let close = scan_regex(src, start)?;
                    lex.bump(close - end);
                    end = close;
                    regex_literal(src, start, close)?
                }
                Raw::Slash if src.as_bytes().get(start + 1) == Some(&b'*') => {
                    return Err(self.invalid_token(start))
                }
                Raw::QuestionDot if src.as_bytes().get(end).is_some_and(|b| b.is_ascii_digit()) => {
                    // `a?.5:b` is a conditional: re-lex `.5` as a number.
                    self.emit(start, Tok::Question, start + 1)?;
                    let num_end = scan_fraction(src, start + 1);
                    lex.bump(num_end - end);
                    let text = &src[start + 1..num_end];
                    self.check_after_number(num_end)?;
                    let n = parse_decimal(text).ok_or_else(|| separator_error(start + 1, text))?;
                    self.emit(start + 1, Tok::Num(n), num_end)?;
                    continue;
                }
                other => punct(other),
            };
            self.emit(start, tok, end)?;
        }
        if let Some(open) = self.stack.last() {
            if *open == Open::Subst {
                return Err(LexError::new(src.len(), "Unterminated template literal"));
            }
        }
        Ok(())
    }

    fn invalid_token(&self, offset: usize) -> LexError {
        let rest = &self.src[offset..];
        if rest.starts_with('"') || rest.starts_with('\'') {
            return LexError::new(offset, "Invalid or unexpected token");
        }
        LexError::new(offset, "Invalid or unexpected token")
    }

    fn check_after_number(&self, end: usize) -> Result<(), LexError> {
        match self.src[end..].chars().next() {
            Some(c) if is_id_char(c) || c.is_ascii_digit() => {
                Err(LexError::new(end, "Invalid or unexpected token"))
            }
            _ => Ok(()),
        }
    }

    /// Identifiers and keywords (contextual ones decided here).
    fn word(&mut self, text: &str, start: usize, end: usize, lex: &logos::Lexer<Raw>) -> Tok {
        let prev = self.out.tokens.last().map(|t| &t.1);
        let after_dot = matches!(prev, Some(Tok::Dot) | Some(Tok::QuestionDot));
        // Only these words look at what follows them (scanning ahead costs per identifier).
        let needs_next = matches!(
            text,
            "import"
                | "new"
                | "class"
                | "export"
                | "super"
                | "with"
                | "debugger"
                | "async"
                | "get"
                | "set"
        );
        let next = if needs_next {
            next_significant(self.src, end)
        } else {
            None
        };
        let next_nl = next.map(|(_, nl)| nl).unwrap_or(false);
        let next_char = next.map(|(c, _)| c);
        let _ = lex;
        let unsupported = |msg: &'static str, out: &mut Lexed| {
            if !after_dot && next_char != Some(':') {
                out.unsupported.push((start, msg));
            }
        };
        match text {
            "break" => Tok::Break,
            "case" => Tok::Case,
            "catch" => Tok::Catch,
            "const" => Tok::Const,
            "continue" => Tok::Continue,
            "default" => Tok::Default,
            "delete" => Tok::Delete,
            "do" => Tok::Do,
            "else" => Tok::Else,
            "false" => Tok::False,
            "finally" => Tok::Finally,
            "for" => Tok::For,
            "function" => Tok::Function,
            "if" => Tok::If,
            "import" => {
                if next_char == Some('.') && !after_dot {
                    self.out
                        .unsupported
                        .push((start, "import.meta is not supported"));
                }
                Tok::Import
            }
            "in" => {
                if self.stack.last() == Some(&Open::ForParen(true)) {
                    Tok::ForIn
                } else {
                    Tok::In
                }
            }
            "instanceof" => Tok::Instanceof,
            "new" => Tok::New,
            "null" => Tok::Null,
            "return" => Tok::Return,
            "switch" => Tok::Switch,
            "this" => Tok::This,
            "throw" => Tok::Throw,
            "true" => Tok::True,
            "try" => Tok::Try,
            "typeof" => Tok::Typeof,
            "var" => Tok::Var,
            "void" => Tok::Void,
            "while" => Tok::While,
            "let" => Tok::Let,
            "yield" => Tok::Yield,
            "await" if matches!(prev, Some(Tok::For)) => Tok::ForAwait,
            "await" => Tok::Await,
            "of" => {
                let in_head = matches!(self.stack.last(), Some(Open::ForParen(true)));
                let decl_name = matches!(prev, Some(Tok::Let | Tok::Const | Tok::Var));
                if in_head
                    && !decl_name
                    && !after_dot
                    && !matches!(prev, Some(Tok::LParen) | Some(Tok::ForOf))
                {
                    Tok::ForOf
                } else {
                    Tok::Of
                }
            }
            "from" => Tok::From,
            "as" => Tok::As,
            "class" => Tok::Class,
            "enum" => Tok::Enum,
            "export" => {
                unsupported("export is not supported", &mut self.out);
                Tok::Export
            }
            "extends" => Tok::Extends,
            "super" => Tok::Super,
            "with" => {
                unsupported("with statements are not supported", &mut self.out);
                Tok::With
            }
            "debugger" => {
                unsupported("debugger statements are not supported", &mut self.out);
                Tok::Debugger
            }
            "async" if !after_dot && !next_nl => {
                let in_object_member = matches!(self.stack.last(), Some(Open::Brace | Open::Block))
                    && matches!(prev, Some(Tok::LBrace) | Some(Tok::Comma));
                match next_char {
                    Some('(') if in_object_member => {
                        // `{ async(x) {} }` is a method named async; `{ async (x) {} }` too.
                        Tok::Ident("async".into())
                    }
                    Some('(') => Tok::AsyncParen,
                    Some('*') => Tok::Async,
                    Some(c) if c == '$' || c == '_' || c.is_alphabetic() => {
                        // `async in o` / `async instanceof C` use `async` as a name.
                        match next_word(self.src, end) {
                            Some("in") | Some("instanceof") | Some("of") => {
                                Tok::Ident("async".into())
                            }
                            _ => Tok::Async,
                        }
                    }
                    Some('[') | Some('"') | Some('\'') if in_object_member => Tok::Async,
                    Some(c) if c.is_ascii_digit() && in_object_member => Tok::Async,
                    _ => Tok::Ident("async".into()),
                }
            }
            _ => Tok::Ident(text.to_string()),
        }
    }

    fn push_open(&mut self, open: Open, offset: usize) -> Result<(), LexError> {
        self.stack.push(open);
        self.levels.push(Level::default());
        self.open_index.push(self.out.tokens.len());
        if self.stack.len() > self.max_nesting {
            return Err(self.too_deep(offset));
        }
        Ok(())
    }

    fn pop_open(&mut self) {
        self.stack.pop();
        self.open_index.pop();
        if let Some(level) = self.levels.pop() {
            self.sum_right -= u64::from(level.right) + u64::from(level.stmt);
            self.sum_left -= u64::from(level.left);
        }
    }

    fn too_deep(&self, offset: usize) -> LexError {
        LexError::new(
            offset,
            format!(
                "program is nested too deeply (more than {} levels)",
                self.max_nesting
            ),
        )
    }

    fn level(&mut self) -> &mut Level {
        if self.levels.is_empty() {
            self.levels.push(Level::default());
        }
        let last = self.levels.len() - 1;
        &mut self.levels[last]
    }

    fn reset_expr_chain(&mut self) {
        let level = self.level();
        let (r, l) = (level.right, level.left);
        level.right = 0;
        level.left = 0;
        self.sum_right -= u64::from(r);
        self.sum_left -= u64::from(l);
    }

    fn reset_stmt_chain(&mut self) {
        let level = self.level();
        let s = level.stmt;
        level.stmt = 0;
        self.sum_right -= u64::from(s);
    }

    /// Pushes a token, applying newline-sensitive rewrites and the nesting bounds.
    fn emit(&mut self, start: usize, mut tok: Tok, end: usize) -> Result<(), LexError> {
        let gap = self.src.get(self.prev_end..start).unwrap_or("");
        let newline = !self.out.tokens.is_empty() && is_line_terminator_gap(gap);
        let prev = self.prev_class;
        let prev_ends_expr = prev & ENDS_EXPR != 0 && !self.after_head;
        let was_after_head = self.after_head;
        self.after_head = false;
        self.after_block = false;
        let stmt_start = std::mem::take(&mut self.stmt_start);

        // Restricted productions.
        if newline {
            if prev & RESTRICTED != 0 {
                self.out
                    .tokens
                    .push((self.prev_end, Tok::AutoSemi, self.prev_end));
                self.out.newline_before.push(false);
            } else if prev & THROW != 0 {
                return Err(LexError::new(start, "Illegal newline after throw"));
            }
            match tok {
                Tok::PlusPlus => tok = Tok::PlusPlusNl,
                Tok::MinusMinus => tok = Tok::MinusMinusNl,
                Tok::Arrow => tok = Tok::ArrowNl,
                _ => {}
            }
        }
        let class = class(&tok);

        // Statement and expression chain resets.
        let new_statement = newline && prev_ends_expr && class & STARTS_STMT != 0;
        if new_statement {
            self.reset_expr_chain();
        }
        if (prev & ENDS_STMT != 0 || new_statement) && class & KEEPS_STMT_CHAIN == 0 {
            self.reset_stmt_chain();
        }

        // Prefix runs are the only recursion among consecutive tokens.
        let is_prefix = class & PREFIX != 0 || (class & MAYBE_PREFIX != 0 && !prev_ends_expr);
        if is_prefix {
            self.prefix_run += 1;
        } else {
            self.prefix_run = 0;
        }

        let right = u32::from(class & RIGHT != 0);
        let stmt = u32::from(class & NESTS_STMT != 0);
        let left = u32::from(class & LEFT != 0 && prev_ends_expr);
        if class & RESETS_EXPR != 0 {
            self.reset_expr_chain();
        }
        if right + left + stmt > 0 {
            let level = self.level();
            level.right += right;
            level.left += left;
            level.stmt += stmt;
            self.sum_right += u64::from(right + stmt);
            self.sum_left += u64::from(left);
        }
        let depth = self.stack.len() as u64 + self.sum_right + u64::from(self.prefix_run);
        if depth > self.max_nesting as u64
            || self.sum_left > (self.max_nesting * LEFT_CHAIN_FACTOR) as u64
        {
            return Err(self.too_deep(start));
        }

        // Brackets.
        let index = self.out.tokens.len();
        match tok {
            Tok::LParen => {
                if prev & FOR != 0 {
                    self.push_open(Open::ForParen(true), start)?;
                } else {
                    let declares_function = matches!(
                        self.out
                            .tokens
                            .len()
                            .checked_sub(2)
                            .and_then(|i| self.out.tokens.get(i)),
                        Some((_, Tok::Function, _))
                    );
                    if (prev_ends_expr && !declares_function) || prev & CALL_HEAD != 0 {
                        self.out.call_parens.push(index);
                    }
                    let open = if prev & COND_HEAD != 0 {
                        Open::HeadParen
                    } else {
                        Open::Paren
                    };
                    self.push_open(open, start)?;
                }
            }
            Tok::LBracket => self.push_open(Open::Bracket, start)?,
            Tok::LBrace => {
                let depth = self.stack.len();
                let block = stmt_start || was_after_head || self.decl_body_at == Some(depth);
                if block {
                    if self.decl_body_at == Some(depth) {
                        self.decl_body_at = None;
                    }
                    self.stmt_start = true;
                    self.push_open(Open::Block, start)?;
                } else {
                    self.push_open(Open::Brace, start)?;
                }
            }
            Tok::Function | Tok::Class if stmt_start => {
                self.decl_body_at = Some(self.stack.len());
            }
            // `async function` at a statement's start.
            Tok::Async if stmt_start => self.stmt_start = true,
            Tok::RParen => {
                if let Some(open @ (Open::Paren | Open::HeadParen | Open::ForParen(_))) =
                    self.stack.last().copied()
                {
                    self.after_head = !matches!(open, Open::Paren);
                    self.pop_open();
                }
            }
            Tok::RBracket if self.stack.last() == Some(&Open::Bracket) => self.pop_open(),
            Tok::RBrace if self.stack.last() == Some(&Open::Brace) => self.pop_open(),
            Tok::RBrace if self.stack.last() == Some(&Open::Block) => {
                self.pop_open();
                self.after_block = true;
                self.stmt_start = true;
            }
            Tok::Semi => {
                self.stmt_start = matches!(self.stack.last(), None | Some(Open::Block));
                if let Some(Open::ForParen(first)) = self.stack.last_mut() {
                    *first = false;
                }
            }
            _ => {}
        }

        self.out.tokens.push((start, tok, end));
        self.out.newline_before.push(newline);
        self.prev_end = end;
        self.prev_class = class;
        Ok(())
    }

    /// Scans a template chunk starting at `from` (after `` ` `` or `}`); returns the part,
    /// the offset after its closing `` ` `` or `${`, and whether it closed the template.
    fn scan_template(
        &self,
        from: usize,
        token_start: usize,
    ) -> Result<(TplPart, usize, bool), LexError> {
        let src = self.src;
        let bytes = src.as_bytes();
        let mut i = from;
        loop {
            match bytes.get(i) {
                None => return Err(LexError::new(token_start, "Unterminated template literal")),
                Some(b'`') => {
                    return Ok((cook_template(src, from, i), i + 1, true));
                }
                Some(b'$') if bytes.get(i + 1) == Some(&b'{') => {
                    return Ok((cook_template(src, from, i), i + 2, false));
                }
                Some(b'\\') => i += 2,
                Some(_) => i += 1,
            }
        }
    }
}

/// The character after `end` skipping whitespace and comments, and whether a line
/// terminator was skipped.
fn next_significant(src: &str, end: usize) -> Option<(char, bool)> {
    let mut rest = src.get(end..)?;
    let mut newline = false;
    loop {
        let trimmed = rest.trim_start_matches(|c: char| {
            if matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}') {
                newline = true;
            }
            c.is_whitespace() || c == '\u{FEFF}'
        });
        if let Some(after) = trimmed.strip_prefix("//") {
            newline = true;
            match after.find(['\n', '\r', '\u{2028}', '\u{2029}']) {
                Some(i) => rest = &after[i..],
                None => return None,
            }
        } else if let Some(after) = trimmed.strip_prefix("/*") {
            match after.find("*/") {
                Some(i) => {
                    if after[..i].contains(['\n', '\r', '\u{2028}', '\u{2029}']) {
                        newline = true;
                    }
                    rest = &after[i + 2..];
                }
                None => return None,
            }
        } else {
            return trimmed.chars().next().map(|c| (c, newline));
        }
    }
}

fn next_word(src: &str, end: usize) -> Option<&str> {
    let rest = src.get(end..)?.trim_start();
    let len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .unwrap_or(rest.len());
    Some(&rest[..len])
}

fn punct(raw: Raw) -> Tok {
    match raw {
        Raw::LBrace => Tok::LBrace,
        Raw::RBrace => Tok::RBrace,
        Raw::LParen => Tok::LParen,
        Raw::RParen => Tok::RParen,
        Raw::LBracket => Tok::LBracket,
        Raw::RBracket => Tok::RBracket,
        Raw::Dot => Tok::Dot,
        Raw::Ellipsis => Tok::Ellipsis,
        Raw::Semi => Tok::Semi,
        Raw::Comma => Tok::Comma,
        Raw::Lt => Tok::Lt,
        Raw::Gt => Tok::Gt,
        Raw::LtEq => Tok::LtEq,
        Raw::GtEq => Tok::GtEq,
        Raw::EqEq => Tok::EqEq,
        Raw::NotEq => Tok::NotEq,
        Raw::EqEqEq => Tok::EqEqEq,
        Raw::NotEqEq => Tok::NotEqEq,
        Raw::Plus => Tok::Plus,
        Raw::Minus => Tok::Minus,
        Raw::Star => Tok::Star,
        Raw::Slash => Tok::Slash,
        Raw::Percent => Tok::Percent,
        Raw::StarStar => Tok::StarStar,
        Raw::PlusPlus => Tok::PlusPlus,
        Raw::MinusMinus => Tok::MinusMinus,
        Raw::Shl => Tok::Shl,
        Raw::Shr => Tok::Shr,
        Raw::UShr => Tok::UShr,
        Raw::Amp => Tok::Amp,
        Raw::Pipe => Tok::Pipe,
        Raw::Caret => Tok::Caret,
        Raw::Bang => Tok::Bang,
        Raw::Tilde => Tok::Tilde,
        Raw::AmpAmp => Tok::AmpAmp,
        Raw::PipePipe => Tok::PipePipe,
        Raw::QuestionQuestion => Tok::QuestionQuestion,
        Raw::Question => Tok::Question,
        Raw::QuestionDot => Tok::QuestionDot,
        Raw::Colon => Tok::Colon,
        Raw::Eq => Tok::Eq,
        Raw::PlusEq => Tok::PlusEq,
        Raw::MinusEq => Tok::MinusEq,
        Raw::StarEq => Tok::StarEq,
        Raw::SlashEq => Tok::SlashEq,
        Raw::PercentEq => Tok::PercentEq,
        Raw::StarStarEq => Tok::StarStarEq,
        Raw::ShlEq => Tok::ShlEq,
        Raw::ShrEq => Tok::ShrEq,
        Raw::UShrEq => Tok::UShrEq,
        Raw::AmpEq => Tok::AmpEq,
        Raw::PipeEq => Tok::PipeEq,
        Raw::CaretEq => Tok::CaretEq,
        Raw::AmpAmpEq => Tok::AmpAmpEq,
        Raw::PipePipeEq => Tok::PipePipeEq,
        Raw::QuestionQuestionEq => Tok::QuestionQuestionEq,
        Raw::Arrow => Tok::Arrow,
        // Handled by the caller; kept total so no input can panic here.
        _ => Tok::Unsupported,
    }
}

/// Scans a regular expression literal starting at `start` (its `/`); returns its end.
/// The token of the regular expression literal `src[start..end]`, with its early errors
/// (an invalid pattern or flags is a SyntaxError when the program is parsed, as in V8).
fn regex_literal(src: &str, start: usize, end: usize) -> Result<Tok, LexError> {
    let text = &src[start + 1..end];
    let slash = text.rfind('/').unwrap_or(0);
    let body: Vec<u16> = text[..slash].encode_utf16().collect();
    let flags: Vec<u16> = text[slash + 1..].encode_utf16().collect();
    let Some(f) = codemode_regex::Flags::parse(&flags) else {
        return Err(LexError::new(start, "Invalid regular expression flags"));
    };
    codemode_regex::validate(&body, f).map_err(|e| LexError::new(start, e.0))?;
    Ok(Tok::Regex(Box::new((body, flags))))
}

fn scan_regex(src: &str, start: usize) -> Result<usize, LexError> {
    let b = src.as_bytes();
    let mut i = start + 1;
    let mut in_class = false;
    let unterminated = || LexError::new(start, "Invalid regular expression: missing /");
    // A line terminator ends the line, and so an unterminated literal: `\n`, `\r`, and
    // U+2028/U+2029 (E2 80 A8/A9 in UTF-8).
    let line_end = |at: usize| match b.get(at) {
        None | Some(b'\n') | Some(b'\r') => true,
        Some(0xE2) => b.get(at + 1) == Some(&0x80) && matches!(b.get(at + 2), Some(0xA8 | 0xA9)),
        _ => false,
    };
    loop {
        if line_end(i) {
            return Err(unterminated());
        }
        match b.get(i) {
            None => return Err(unterminated()),
            Some(b'\\') => {
                if line_end(i + 1) {
                    return Err(unterminated());
                }
                i += 2;
            }
            Some(b'[') => {
                in_class = true;
                i += 1;
            }
            Some(b']') => {
                in_class = false;
                i += 1;
            }
            Some(b'/') if !in_class => {
                i += 1;
                break;
            }
            Some(_) => i += 1,
        }
    }
    while let Some(c) = src.get(i..).and_then(|r| r.chars().next()) {
        if c.is_alphanumeric() || c == '_' || c == '$' {
            i += c.len_utf8();
        } else {
            break;
        }
    }
    // Keep the cut on a char boundary (a line separator inside is impossible here).
    while !src.is_char_boundary(i) {
        i += 1;
    }
    Ok(i)
}

fn push_char(out: &mut Vec<u16>, c: char) {
    let mut buf = [0u16; 2];
    out.extend_from_slice(c.encode_utf16(&mut buf));
}

/// An escape sequence's meaning.
enum Escape {
    Units(u32),
    /// A line continuation (produces nothing).
    Continuation,
}

/// Decodes the escape after a backslash at `i` (pointing just past the `\`). Returns the
/// escape and the index after it, or an error message.
fn decode_escape(src: &str, i: usize, template: bool) -> Result<(Escape, usize), &'static str> {
    let b = src.as_bytes();
    let c = src
        .get(i..)
        .and_then(|r| r.chars().next())
        .ok_or("Invalid or unexpected token")?;
    let hex = |from: usize, n: usize| -> Option<u32> {
        let s = src.get(from..from + n)?;
        if !s.bytes().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        u32::from_str_radix(s, 16).ok()
    };
    Ok(match c {
        'n' => (Escape::Units(0x0A), i + 1),
        't' => (Escape::Units(0x09), i + 1),
        'r' => (Escape::Units(0x0D), i + 1),
        'b' => (Escape::Units(0x08), i + 1),
        'f' => (Escape::Units(0x0C), i + 1),
        'v' => (Escape::Units(0x0B), i + 1),
        '0' if !b.get(i + 1).is_some_and(|d| d.is_ascii_digit()) => (Escape::Units(0), i + 1),
        '0'..='9' => {
            return Err(if template {
                "Octal escape sequences are not allowed in template strings"
            } else if c == '8' || c == '9' {
                "\\8 and \\9 are not allowed in strict mode."
            } else {
                "Octal escape sequences are not allowed in strict mode."
            })
        }
        'x' => (
            Escape::Units(hex(i + 1, 2).ok_or("Invalid hexadecimal escape sequence")?),
            i + 3,
        ),
        'u' => {
            if b.get(i + 1) == Some(&b'{') {
                let close = src[i + 2..]
                    .find('}')
                    .map(|p| i + 2 + p)
                    .ok_or("Invalid Unicode escape sequence")?;
                let digits = &src[i + 2..close];
                if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_hexdigit()) {
                    return Err("Invalid Unicode escape sequence");
                }
                let trimmed = digits.trim_start_matches('0');
                if trimmed.len() > 6 {
                    return Err("Undefined Unicode code-point");
                }
                let v = u32::from_str_radix(if trimmed.is_empty() { "0" } else { trimmed }, 16)
                    .map_err(|_| "Invalid Unicode escape sequence")?;
                if v > 0x10FFFF {
                    return Err("Undefined Unicode code-point");
                }
                (Escape::Units(v), close + 1)
            } else {
                (
                    Escape::Units(hex(i + 1, 4).ok_or("Invalid Unicode escape sequence")?),
                    i + 5,
                )
            }
        }
        '\r' => {
            let next = if b.get(i + 1) == Some(&b'\n') {
                i + 2
            } else {
                i + 1
            };
            (Escape::Continuation, next)
        }
        '\n' | '\u{2028}' | '\u{2029}' => (Escape::Continuation, i + c.len_utf8()),
        other => (Escape::Units(other as u32), i + other.len_utf8()),
    })
}

fn push_code_point(out: &mut Vec<u16>, v: u32) {
    if v <= 0xFFFF {
        out.push(v as u16);
    } else if let Some(c) = char::from_u32(v) {
        push_char(out, c);
    }
}

/// Decodes the body of a string literal (`from..to`, quotes excluded) into UTF-16.
fn decode_string(src: &str, from: usize, to: usize) -> Result<Vec<u16>, LexError> {
    let body = &src[from..to];
    let mut out = Vec::with_capacity(body.len());
    if !body.contains('\\') {
        out.extend(body.encode_utf16());
        return Ok(out);
    }
    let mut i = from;
    while i < to {
        let c = match src[i..].chars().next() {
            Some(c) => c,
            None => break,
        };
        if c == '\\' {
            let (esc, next) = decode_escape(src, i + 1, false).map_err(|m| LexError::new(i, m))?;
            if let Escape::Units(v) = esc {
                push_code_point(&mut out, v);
            }
            i = next;
        } else {
            push_char(&mut out, c);
            i += c.len_utf8();
        }
    }
    Ok(out)
}

/// Cooks and raws a template chunk `from..to`.
fn cook_template(src: &str, from: usize, to: usize) -> TplPart {
    let mut cooked = Some(Vec::with_capacity(to - from));
    let mut raw = Vec::with_capacity(to - from);
    let mut error = None;
    let mut i = from;
    while i < to {
        let c = match src[i..].chars().next() {
            Some(c) => c,
            None => break,
        };
        if c == '\\' {
            match decode_escape(src, i + 1, true) {
                Ok((esc, next)) => {
                    if let (Escape::Units(v), Some(out)) = (esc, cooked.as_mut()) {
                        push_code_point(out, v);
                    }
                    push_raw(&mut raw, &src[i..next.min(to)]);
                    i = next;
                }
                Err(message) => {
                    cooked = None;
                    if error.is_none() {
                        error = Some((i, message));
                    }
                    // Raw keeps the backslash and the next character.
                    let next = src[i + 1..]
                        .chars()
                        .next()
                        .map(|n| i + 1 + n.len_utf8())
                        .unwrap_or(i + 1)
                        .min(to);
                    push_raw(&mut raw, &src[i..next]);
                    i = next;
                }
            }
        } else if c == '\r' {
            // CR and CRLF are LF in both cooked and raw values.
            if let Some(out) = cooked.as_mut() {
                out.push(0x0A);
            }
            raw.push(0x0A);
            i += if src.as_bytes().get(i + 1) == Some(&b'\n') {
                2
            } else {
                1
            };
        } else {
            if let Some(out) = cooked.as_mut() {
                push_char(out, c);
            }
            push_char(&mut raw, c);
            i += c.len_utf8();
        }
    }
    TplPart { cooked, raw, error }
}

fn push_raw(raw: &mut Vec<u16>, text: &str) {
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' {
            if chars.peek() == Some(&'\n') {
                chars.next();
            }
            raw.push(0x0A);
        } else {
            push_char(raw, c);
        }
    }
}
