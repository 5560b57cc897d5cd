//! `parse`: source -> [`Chunk`], with Lua-worded diagnostics.

use crate::ast::*;
use crate::lexer::Tok;
use crate::tokens::{self, Deferred, Lexed, Spanned};
use crate::ParseLimits;
use codemode_core::{Diagnostic, DiagnosticKind, Location};
use lalrpop_util::ParseError as LrError;

#[allow(
    clippy::all,
    clippy::pedantic,
    unused_parens,
    dead_code,
    unused_imports
)]
mod grammar {
    include!(concat!(env!("OUT_DIR"), "/grammar.rs"));
}

type LrResult<T> = Result<T, LrError<u32, Tok, ActionError>>;

/// An error raised by a grammar action (a check Lua's parser makes while parsing).
#[derive(Debug, Clone, PartialEq)]
pub struct ActionError {
    msg: String,
    at: u32,
    /// Quote the first token at or after `at` ("near 'x'"); otherwise no "near" part.
    near_next: bool,
    /// Report at the first token at or after `at` (without quoting it).
    at_next: bool,
}

impl ActionError {
    fn new(msg: impl Into<String>, at: u32) -> Self {
        ActionError {
            msg: msg.into(),
            at,
            near_next: false,
            at_next: false,
        }
    }
}

/// A postfix part of a prefix expression.
pub enum Suffix {
    Field(Name),
    Index(Expr),
    Call(Option<Name>, Args, Span),
}

/// Helpers for the grammar's actions.
pub struct Build<'a> {
    lines: &'a LineIndex,
    /// Offsets of `...` tokens outside vararg functions (from the token pass).
    bad_varargs: &'a [u32],
    /// Offsets of `break`s outside loops (from the token pass).
    bad_breaks: &'a [u32],
}

fn syntax_error<T>(at: u32) -> LrResult<T> {
    Err(LrError::User {
        error: ActionError {
            near_next: true,
            ..ActionError::new("syntax error", at)
        },
    })
}

fn is_assignable(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Name(_) | ExprKind::Index { .. } | ExprKind::Field { .. }
    )
}

impl Build<'_> {
    /// `...`, checked as Lua does when it parses the expression.
    pub fn vararg(&self, l: u32, r: u32) -> LrResult<Expr> {
        if self.bad_varargs.binary_search(&l).is_ok() {
            return Err(LrError::User {
                error: ActionError {
                    near_next: true,
                    ..ActionError::new("cannot use '...' outside a vararg function", l)
                },
            });
        }
        Ok(Expr {
            kind: ExprKind::Vararg,
            span: Span::new(l, r),
        })
    }

    /// A `break` outside a loop is reported when its function ends, at the token after
    /// the function's `end` (Lua 5.4 treats it as an unresolved goto).
    fn check_breaks(&self, l: u32, r: u32) -> LrResult<()> {
        let i = self.bad_breaks.partition_point(|&b| b < l);
        match self.bad_breaks.get(i) {
            Some(&b) if b < r => Err(LrError::User {
                error: ActionError {
                    at_next: true,
                    ..ActionError::new(
                        format!("break outside loop at line {}", self.lines.line(b)),
                        r,
                    )
                },
            }),
            _ => Ok(()),
        }
    }

    pub fn func_body(
        &self,
        p: (Vec<Name>, bool),
        body: Block,
        l: u32,
        r: u32,
    ) -> LrResult<Box<(Vec<Name>, bool, Block)>> {
        self.check_breaks(l, r)?;
        Ok(Box::new((p.0, p.1, body)))
    }

    pub fn main_body(&self, body: Block) -> LrResult<Block> {
        self.check_breaks(0, u32::MAX)?;
        Ok(body)
    }

    pub fn block(&self, l: u32, stats: Vec<Stat>, ret: Option<Return>, r: u32) -> Block {
        Block {
            stats,
            ret,
            span: Span::new(l.min(r), r),
        }
    }

    pub fn call_stat(&self, mut e: Expr, l: u32, r: u32) -> LrResult<Box<Stat>> {
        match std::mem::replace(&mut e.kind, ExprKind::Nil) {
            ExprKind::Call(call) => Ok(Box::new(Stat {
                kind: StatKind::Call(call),
                span: Span::new(l, r),
            })),
            _ => syntax_error(r),
        }
    }

    pub fn assign(
        &self,
        first: Expr,
        rest: Vec<Expr>,
        _eq: u32,
        values: Vec<Expr>,
        l: u32,
        r: u32,
    ) -> LrResult<Box<Stat>> {
        let mut targets = Vec::with_capacity(1 + rest.len());
        targets.push(first);
        targets.extend(rest);
        if let Some(bad) = targets.iter().find(|t| !is_assignable(t)) {
            return syntax_error(bad.span.end);
        }
        Ok(Box::new(Stat {
            kind: StatKind::Assign { targets, values },
            span: Span::new(l, r),
        }))
    }

    pub fn local(
        &self,
        names: Vec<LocalName>,
        values: Vec<Expr>,
        l: u32,
        r: u32,
    ) -> LrResult<Box<Stat>> {
        let closes = names
            .iter()
            .filter(|n| n.attrib == Some(Attrib::Close))
            .count();
        if closes > 1 {
            return Err(LrError::User {
                error: ActionError::new("multiple to-be-closed variables in local list", r),
            });
        }
        Ok(Box::new(Stat {
            kind: StatKind::Local { names, values },
            span: Span::new(l, r),
        }))
    }

    pub fn attrib(&self, name: Name, a: Name, l: u32, r: u32) -> LrResult<LocalName> {
        let attrib = match &*a.name {
            "const" => Attrib::Const,
            "close" => Attrib::Close,
            other => {
                return Err(LrError::User {
                    error: ActionError::new(format!("unknown attribute '{other}'"), a.span.start),
                })
            }
        };
        Ok(LocalName {
            name,
            attrib: Some(attrib),
            attrib_span: Span::new(l, r),
        })
    }

    // The body arrives boxed from the grammar (it keeps the LR symbol stack small).
    #[allow(clippy::boxed_local)]
    pub fn function(
        &self,
        body: Box<(Vec<Name>, bool, Block)>,
        mut leading: Vec<Name>,
        l: u32,
        r: u32,
    ) -> Function {
        let (params, is_vararg, body) = *body;
        let params = if leading.is_empty() {
            params
        } else {
            leading.extend(params);
            leading
        };
        Function {
            params,
            is_vararg,
            body,
            span: Span::new(l, r),
            line: self.lines.line(l),
            end_line: self.lines.line(r.saturating_sub(1)),
        }
    }

    pub fn function_stat(
        &self,
        name: FuncName,
        body: Box<(Vec<Name>, bool, Block)>,
        l: u32,
        r: u32,
    ) -> Box<Stat> {
        let leading = match &name.method {
            Some(m) => vec![Name {
                name: "self".into(),
                span: m.span,
            }],
            None => Vec::new(),
        };
        let func = Box::new(self.function(body, leading, l, r));
        Box::new(Stat {
            kind: StatKind::Function { name, func },
            span: Span::new(l, r),
        })
    }

    pub fn suffix(&self, p: Expr, s: Suffix, r: u32) -> Expr {
        let span = Span::new(p.span.start, r);
        let kind = match s {
            Suffix::Field(name) => ExprKind::Field {
                obj: Box::new(p),
                name,
            },
            Suffix::Index(k) => ExprKind::Index {
                obj: Box::new(p),
                key: Box::new(k),
            },
            Suffix::Call(method, args, args_span) => ExprKind::Call(Box::new(Call {
                func: p,
                method,
                args,
                args_span,
            })),
        };
        Expr { kind, span }
    }

    pub fn bin(&self, op: BinOp, a: Expr, c: Expr, l: u32, r: u32) -> Expr {
        let span = Span::new(a.span.start, c.span.end);
        Expr {
            kind: ExprKind::Binary {
                op,
                lhs: Box::new(a),
                rhs: Box::new(c),
                op_span: Span::new(l, r),
            },
            span,
        }
    }

    pub fn un(&self, op: UnOp, e: Expr, l: u32) -> Expr {
        let span = Span::new(l, e.span.end);
        Expr {
            kind: ExprKind::Unary {
                op,
                operand: Box::new(e),
            },
            span,
        }
    }
}

/// Parses a Lua 5.4 chunk.
///
/// Errors are `ParseError` diagnostics worded as Lua words them after its `chunk:line:`
/// prefix (which is not included), located at the offending token.
pub fn parse(source: &str, limits: &ParseLimits) -> Result<Chunk, Diagnostic> {
    if source.len() > limits.max_source_bytes {
        return Err(Diagnostic::new(
            DiagnosticKind::ParseError,
            format!(
                "program too large ({} bytes; the limit is {} bytes)",
                source.len(),
                limits.max_source_bytes
            ),
        ));
    }
    let line_index = LineIndex::new(source);
    let lexed = tokens::lex(source, limits.max_nesting, &line_index);
    let build = Build {
        lines: &line_index,
        bad_varargs: &lexed.bad_varargs,
        bad_breaks: &lexed.bad_breaks,
    };
    let result = grammar::ChunkParser::new().parse(
        source,
        &build,
        lexed.tokens.iter().copied().map(Ok::<Spanned, ActionError>),
    );
    match result {
        Ok(block) => {
            let chunk = Chunk { block, line_index };
            crate::check::check_const_assignments(&chunk)?;
            Ok(chunk)
        }
        Err(e) => Err(report(source, &line_index, &lexed, e)),
    }
}

fn diag(msg: String, loc: Location) -> Diagnostic {
    Diagnostic::new(DiagnosticKind::ParseError, msg).at(loc)
}

/// How Lua quotes a token in "near ..." (`'x'`, `<eof>`).
fn near_text(source: &str, tok: Option<&Spanned>) -> String {
    let Some(&(l, t, r)) = tok else {
        return "<eof>".into();
    };
    if let Some(text) = t.text() {
        return format!("'{text}'");
    }
    if t == Tok::Bad {
        let b = source.as_bytes().get(l as usize).copied().unwrap_or(0);
        return if b.is_ascii_graphic() || b == b' ' {
            format!("'{}'", b as char)
        } else {
            format!("'<\\{b}>'")
        };
    }
    let raw = source.get(l as usize..r as usize).unwrap_or("");
    format!("'{}'", clip(raw))
}

/// Bounds quoted program text in messages (Lua quotes whole tokens; a huge string literal
/// would make a huge message).
fn clip(s: &str) -> String {
    const MAX: usize = 80;
    if s.len() <= MAX {
        return s.to_string();
    }
    let mut end = MAX;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &s[..end])
}

fn token_index(tokens: &[Spanned], start: u32) -> usize {
    tokens.partition_point(|t| t.0 < start)
}

fn report(
    source: &str,
    lines: &LineIndex,
    lexed: &Lexed,
    err: LrError<u32, Tok, ActionError>,
) -> Diagnostic {
    let tokens = &lexed.tokens;
    let eof_loc = lines.location(source.len() as u32);
    let (index, expected) = match err {
        LrError::User { error } => {
            if error.at_next {
                let i = token_index(tokens, error.at);
                let tok = tokens[i.min(tokens.len())..]
                    .iter()
                    .find(|t| t.1 != Tok::VSep);
                let loc = tok.map_or(eof_loc, |t| lines.location(t.0));
                return diag(error.msg, loc);
            }
            if error.near_next {
                let i = token_index(tokens, error.at);
                let tok = tokens[i.min(tokens.len())..]
                    .iter()
                    .find(|t| t.1 != Tok::VSep);
                let near = near_text(source, tok);
                let loc = tok.map_or(eof_loc, |t| lines.location(t.0));
                return diag(format!("{} near {near}", error.msg), loc);
            }
            return diag(error.msg, lines.location(error.at));
        }
        LrError::UnrecognizedToken { token, expected } => {
            // Find this exact token (VSep shares its offset with the `(` after it).
            let mut i = token_index(tokens, token.0);
            while i < tokens.len() && tokens[i].1 != token.1 {
                i += 1;
            }
            (i, expected)
        }
        LrError::UnrecognizedEof { expected, .. } => (tokens.len(), expected),
        LrError::ExtraToken { token } => (token_index(tokens, token.0), Vec::new()),
        LrError::InvalidToken { location } => (token_index(tokens, location), Vec::new()),
    };

    let mut tok = tokens.get(index);
    if let Some(&(_, Tok::Bad, _)) = tok {
        if let Some(d) = &lexed.deferred {
            return deferred(lines, d);
        }
    }
    if let Some(&(_, Tok::VSep, _)) = tok {
        tok = tokens.get(index + 1);
    }
    let near = near_text(source, tok);
    let loc = tok.map_or(eof_loc, |t| lines.location(t.0));
    let tok_line = loc.line;
    let t = tok.map(|t| t.1);
    let has = |s: &str| expected.iter().any(|e| e.trim_matches('"') == s);

    let closer = |frames: &[tokens::Frame]| -> String {
        match frames.last() {
            None => "<eof> expected".to_string(),
            Some(f) => {
                let what = if f.kind.closer() == "<eof>" {
                    "<eof>".to_string()
                } else {
                    format!("'{}'", f.kind.closer())
                };
                let line = lines.line(f.start);
                if line == tok_line || f.kind == tokens::FrameKind::Bracket {
                    format!("{what} expected")
                } else {
                    format!(
                        "{what} expected (to close '{}' at line {line})",
                        f.kind.opener()
                    )
                }
            }
        }
    };

    let is_closer_tok = matches!(
        t,
        None | Some(Tok::End | Tok::Else | Tok::Elseif | Tok::Until)
    );
    let frames = tokens::open_frames(tokens, index);
    let msg = if expected.is_empty() {
        // Only the end of input may follow (the parser has closed every block).
        "<eof> expected".to_string()
    } else if has("(")
        && has("{")
        && has("Str")
        && expected
            .iter()
            .all(|e| matches!(e.trim_matches('"'), "(" | "{" | "Str"))
    {
        "function arguments expected".to_string()
    } else if has("local")
        && matches!(t, Some(Tok::Assign | Tok::Comma))
        && !has("+")
        && index
            .checked_sub(1)
            .and_then(|i| tokens.get(i))
            .is_some_and(|p| matches!(p.1, Tok::RParen | Tok::RBrace | Tok::Str))
    {
        // `f() = 1`, `f(), x = 1`: a call statement cannot be an assignment target.
        "syntax error".to_string()
    } else if has("local") {
        // A statement may start here.
        if is_closer_tok {
            closer(&frames)
        } else {
            "unexpected symbol".to_string()
        }
    } else if has("nil") {
        "unexpected symbol".to_string()
    } else {
        // Specific tokens are required. Ignore what could continue an expression.
        let after_prefix = has("[");
        let after_operand = has("+");
        let filtered: Vec<&str> = expected
            .iter()
            .map(|e| e.trim_matches('"'))
            .filter(|e| !(after_operand && is_binary_op(e)))
            .filter(|e| !(after_prefix && matches!(*e, "(" | "{" | "Str" | "[" | "." | ":")))
            .collect();
        let fhas = |s: &str| filtered.contains(&s);
        let top_closer = frames.last().map(|f| f.kind.closer());
        if fhas("Name") && fhas("(") {
            // A prefix expression is expected (an assignment target).
            "unexpected symbol".to_string()
        } else if fhas("Name") && fhas("...") {
            "<name> or '...' expected".to_string()
        } else if fhas("Name") {
            "<name> expected".to_string()
        } else if fhas("=") && fhas("in") {
            "'=' or 'in' expected".to_string()
        } else if top_closer.is_some_and(&fhas) {
            closer(&frames)
        } else if fhas("=") && fhas(",") {
            "syntax error".to_string()
        } else if fhas(";") {
            // After `return explist`: only `;` and the end of the block may follow.
            closer(&frames)
        } else if let Some(first) = [
            "then", "do", "in", "=", ")", "]", "}", "::", ",", "(", ">", "end", "until",
        ]
        .iter()
        .find(|c| fhas(c))
        {
            format!("'{first}' expected")
        } else {
            "unexpected symbol".to_string()
        }
    };
    diag(format!("{msg} near {near}"), loc)
}

fn is_binary_op(e: &str) -> bool {
    matches!(
        e,
        "+" | "-"
            | "*"
            | "/"
            | "//"
            | "%"
            | "^"
            | "&"
            | "~"
            | "|"
            | "<<"
            | ">>"
            | "=="
            | "~="
            | "<="
            | ">="
            | "<"
            | ">"
            | ".."
            | "and"
            | "or"
    )
}

fn deferred(lines: &LineIndex, d: &Deferred) -> Diagnostic {
    match d {
        Deferred::Lex(e) => {
            let near = match &e.near {
                None => "<eof>".to_string(),
                Some(t) => format!("'{}'", clip(t)),
            };
            diag(format!("{} near {near}", e.msg), lines.location(e.at))
        }
        Deferred::Msg { msg, at, near } => {
            let msg = match near {
                Some(n) => format!("{msg} near '{n}'"),
                None if msg.starts_with("unfinished long") => format!("{msg} near <eof>"),
                None => msg.clone(),
            };
            diag(msg, lines.location(*at))
        }
    }
}
