//! JavaScript-subset lexer (logos), parser (lalrpop) and AST for codemode.
//!
//! [`parse`] turns a program — the body of an async function, so top-level `await` and
//! `return` are allowed — into an [`ast::Program`], or a [`codemode_core::Diagnostic`]:
//! `ParseError` worded as V8 words it ("Unexpected token '}'", "missing ) after argument
//! list", "Identifier 'x' has already been declared" ...) or `UnsupportedSyntax` for
//! constructs outside the subset, always with a 1-based line and column.
//!
//! # Pipeline
//!
//! 1. **Lexer** (`lexer.rs`, logos) and **token adapter** (`tokens.rs`). The adapter decides
//!    what a context-free lexer cannot: regular expression vs division (from the previous
//!    significant token), template chunks with a mode stack for `${ ... }`, line terminators
//!    before tokens (restricted productions: `return`/`break`/`continue` get an explicit
//!    `AutoSemi`, `throw` + newline is an error, postfix `++`/`--` and `=>` after a newline
//!    become tokens the grammar rejects there), contextual keywords (`async`, `of`/`in` in
//!    for-heads), and candidates for `UnsupportedSyntax`. It also enforces the nesting bounds
//!    before the parser runs (see below).
//!    **Type stripping** (`typestrip/`) then removes TypeScript's erasable syntax from the
//!    token vector (annotations, `interface`/`type`, generics, `as`/`satisfies`, `!`,
//!    `declare`, member modifiers, overloads), reading types with a type grammar; kept
//!    tokens keep their offsets. [`strip_types`] shows the result as text.
//! 2. **Grammar** (`grammar.lalrpop`, LR(1)). Expression nonterminals come in families (any
//!    expression, expression statement without a leading `{`/`function`/`async function`,
//!    arrow concise body without a leading `{`); statements in open/closed families for the
//!    dangling `else`. Arrow parameters and destructuring assignment go through cover
//!    grammars (parsed as expressions, converted with early errors in `parser.rs`).
//! 3. **Automatic semicolon insertion** uses lalrpop's error recovery: the statement
//!    terminator accepts the recovery symbol, and its action accepts the recovery only when
//!    the offending token follows a line terminator, is `}`, or is the end of input, and only
//!    when the recovery popped and dropped nothing (so the semicolon lands exactly before the
//!    token). One pass, no re-lexing; the expected-token lists lalrpop would compute on each
//!    recovery are skipped (build.rs) and only computed when a failing program is re-parsed
//!    to word its message.
//! 4. **Early errors** (`validate.rs`): redeclarations, `await` outside async functions,
//!    `break`/`continue` targets, duplicate labels and parameters, duplicate `__proto__`.
//!
//! # Bounds (for every later recursive pass)
//!
//! `ParseLimits::max_nesting` (default 200, from `VmLimits::max_nesting`) bounds, before
//! parsing: brackets, braces, parentheses and template substitutions, plus unbracketed
//! recursive chains — prefix operators (`- - x`, `!!x`, `await await x`, `new new X`),
//! right-associative operators (`a = b = c`, `a ? b : c ? d : e`, `x => y => z`, `a ** b ** c`)
//! and statement nesting without braces (`if (a) if (b) ...`, `else if` chains, labels).
//! Left-associative chains (`a + b + c ...`, `a.b.c ...`, `f()()...`) are bounded separately
//! at `max_nesting * LEFT_CHAIN_FACTOR` (1000 by default): walk their left spines with a loop.
//! The source size is bounded by `max_source_bytes`.
//!
//! # Not supported (reported as `UnsupportedSyntax` with the construct's location)
//!
//! TypeScript enums, namespaces with values and parameter properties (not erasable),
//! async generators (the compiler refuses them), `for await`, private names (`#x`), legacy
//! octal literals (`010`), `with`, labeled function declarations, `export`,
//! `import.meta`, decorators, `debugger`. Classes (declarations and expressions, `extends`,
//! fields, static blocks), `super` and `new.target` parse; the compiler checks where `super`
//! and `new.target` may appear.
//! Sloppy-mode leftovers are rejected as syntax errors: `let` as an identifier, function
//! declarations as `if` bodies, `for (var x = 1 in o)`, legacy octal escapes in strings; an
//! `in` directly inside the first clause of a C-style `for` head is read as for-in (wrap such
//! expressions in parentheses).

pub mod ast;
mod ident_escape;
mod lexer;
mod line_index;
mod numeric_literal;
mod parser;
pub mod render;
mod tokens;
mod typestrip;
mod validate;

lalrpop_util::lalrpop_mod!(
    #[allow(clippy::all, clippy::pedantic, unused_parens, unused_imports, dead_code)]
    #[rustfmt::skip]
    grammar
);

use codemode_core::{Diagnostic, DiagnosticKind};
use lalrpop_util::ParseError;
use parser::{Ctx, PError};
use tokens::{is_assign_op, Tok};

pub use ast::*;
pub use line_index::LineIndex;

pub use tokens::LEFT_CHAIN_FACTOR;

/// Bounds the parser enforces before any recursive pass sees the program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseLimits {
    /// Largest accepted source, in bytes.
    pub max_source_bytes: usize,
    /// Deepest accepted nesting of brackets, braces, parentheses, template substitutions and
    /// unbracketed prefix/right-recursive chains (`- - x`, `a = b = c`, `x => y => z`).
    pub max_nesting: usize,
}

impl Default for ParseLimits {
    fn default() -> Self {
        ParseLimits::from(&codemode_core::VmLimits::default())
    }
}

impl From<&codemode_core::VmLimits> for ParseLimits {
    fn from(limits: &codemode_core::VmLimits) -> Self {
        ParseLimits {
            max_source_bytes: limits.max_source_bytes,
            max_nesting: limits.max_nesting,
        }
    }
}

/// Parses `source` (the body of an async function) into a [`Program`].
///
/// Errors are `ParseError` diagnostics worded as V8 words them, or `UnsupportedSyntax` for
/// constructs outside the subset (`with`, `export`, `import.meta`, `for await`, private names,
/// decorators, labeled function declarations, `debugger`), always with a 1-based line and
/// column.
pub fn parse(source: &str, limits: &ParseLimits) -> Result<Program, Diagnostic> {
    parse_with(source, limits, ParseMode::PROGRAM)
}

/// What [`parse_with`] does beyond reading JavaScript.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseMode {
    /// Strip TypeScript's erasable syntax first (programs may be TypeScript).
    pub strip_types: bool,
    /// Check the early errors the grammar alone does not (duplicate declarations, `break`
    /// outside a loop, ...).
    pub early_errors: bool,
}

impl ParseMode {
    /// An agent's program: what [`parse`] does.
    pub const PROGRAM: ParseMode = ParseMode {
        strip_types: true,
        early_errors: true,
    };
    /// Source the embedder wrote and tests (the interpreter's own prelude): plain
    /// JavaScript known to be valid, read once per process, so it skips both passes.
    pub const TRUSTED: ParseMode = ParseMode {
        strip_types: false,
        early_errors: false,
    };
}

/// [`parse`] with the passes `mode` asks for.
pub fn parse_with(
    source: &str,
    limits: &ParseLimits,
    mode: ParseMode,
) -> Result<Program, Diagnostic> {
    let lex = |source: &str, limits: &ParseLimits| {
        let tokens = tokens::lex(source, limits.max_nesting)?;
        if mode.strip_types {
            typestrip::strip(tokens, limits.max_nesting)
        } else {
            Ok(tokens)
        }
    };
    let error = |offset: usize, message: String, unsupported: bool| {
        let index = LineIndex::new(source);
        let kind = if unsupported {
            DiagnosticKind::UnsupportedSyntax
        } else {
            DiagnosticKind::ParseError
        };
        Diagnostic::new(kind, message).at(index.location(source, offset))
    };
    if source.len() > limits.max_source_bytes {
        return Err(error(
            0,
            format!(
                "program is too large: {} bytes (the limit is {})",
                source.len(),
                limits.max_source_bytes
            ),
            false,
        ));
    }
    let lexed = match lex(source, limits) {
        Ok(lexed) => lexed,
        Err(e) => {
            return Err(error(e.offset, e.message, e.unsupported));
        }
    };
    let (body, ctx) = match run_parser(source, lexed, false) {
        Ok(parsed) => parsed,
        Err(_) => {
            // Parse again (rare: only failing programs) with the expected-token lists that
            // some V8 messages need.
            let lexed = match lex(source, limits) {
                Ok(lexed) => lexed,
                Err(e) => return Err(error(e.offset, e.message, e.unsupported)),
            };
            let described: Vec<(usize, usize)> = lexed.tokens.iter().map(|t| (t.0, t.2)).collect();
            let call_parens = lexed.call_parens.clone();
            let unsupported = lexed.unsupported.clone();
            let escaped_keyword = lexed.escaped_keyword;
            let e = match run_parser(source, lexed, true) {
                Ok(_) => {
                    return Err(error(0, "internal error: inconsistent parse".into(), false));
                }
                Err(e) => e,
            };
            let (offset, message, is_unsupported) =
                describe_error(source, e, &described, &call_parens);
            // An unsupported construct at or before the failure is the real cause.
            if let Some(&(at, what)) = unsupported.first() {
                if at <= offset {
                    return Err(error(at, what.to_string(), true));
                }
            }
            if let Some(at) = escaped_keyword.filter(|&at| at <= offset) {
                return Err(error(
                    at,
                    "Keyword must not contain escaped characters".into(),
                    false,
                ));
            }
            return Err(error(offset, message, is_unsupported));
        }
    };
    if let Some(offset) = ctx.leftover_cover_init() {
        return Err(error(
            offset,
            "Invalid shorthand property initializer".into(),
            false,
        ));
    }
    let program = Program {
        body,
        span: Span::new(0, source.len()),
    };
    if mode.early_errors {
        validate::validate(&program).map_err(|(offset, message)| error(offset, message, false))?;
    }
    Ok(program)
}

/// The source as the parser reads it after type stripping: TypeScript's erasable syntax
/// replaced by spaces (line breaks kept), the way node's `--experimental-strip-types`
/// blanks it, so every remaining character keeps its offset.
pub fn strip_types(source: &str, limits: &ParseLimits) -> Result<String, Diagnostic> {
    let to_diagnostic = |e: tokens::LexError| {
        let kind = if e.unsupported {
            DiagnosticKind::UnsupportedSyntax
        } else {
            DiagnosticKind::ParseError
        };
        Diagnostic::new(kind, e.message).at(LineIndex::new(source).location(source, e.offset))
    };
    let original = tokens::lex(source, limits.max_nesting).map_err(to_diagnostic)?;
    let spans: Vec<(usize, usize)> = original.tokens.iter().map(|t| (t.0, t.2)).collect();
    let stripped = typestrip::strip(original, limits.max_nesting).map_err(to_diagnostic)?;
    let mut keep = vec![false; source.len()];
    for (start, tok, end) in stripped.tokens.iter() {
        if *tok != Tok::AutoSemi {
            keep[*start..*end].iter_mut().for_each(|k| *k = true);
        }
    }
    let mut blank = vec![false; source.len()];
    for (start, end) in spans {
        for at in start..end {
            blank[at] = !keep[at];
        }
    }
    Ok(source
        .char_indices()
        .map(|(at, c)| {
            if blank[at] && !matches!(c, '\n' | '\r') {
                ' '
            } else {
                c
            }
        })
        .collect())
}

type Parsed<'s> = (Vec<Stmt>, Ctx<'s>);

fn run_parser(
    source: &str,
    lexed: tokens::Lexed,
    want_expected: bool,
) -> Result<Parsed<'_>, ParseError<usize, Tok, PError>> {
    let tokens::Lexed {
        tokens,
        newline_before,
        ..
    } = lexed;
    let ctx = Ctx::new(source, &tokens, newline_before, want_expected);
    let body =
        grammar::ProgramParser::new().parse(&ctx, tokens.into_iter().map(Ok::<_, PError>))?;
    Ok((body, ctx))
}

fn describe_error(
    source: &str,
    e: ParseError<usize, Tok, PError>,
    tokens: &[(usize, usize)],
    call_parens: &[usize],
) -> (usize, String, bool) {
    match e {
        ParseError::User { error } => (error.offset, error.message, error.unsupported),
        ParseError::InvalidToken { location } => {
            (location, "Invalid or unexpected token".into(), false)
        }
        ParseError::UnrecognizedEof { location, .. } => {
            if let Some(open) = innermost_paren(source, tokens, source.len() + 1) {
                if call_parens.binary_search(&open).is_ok() {
                    return (location, "missing ) after argument list".into(), false);
                }
            }
            (location, "Unexpected end of input".into(), false)
        }
        ParseError::ExtraToken { token } => {
            let message = token.1.describe(source, token.0, token.2);
            (token.0, message, false)
        }
        ParseError::UnrecognizedToken { token, expected } => {
            let (start, tok, end) = token;
            if tok == Tok::StarStar {
                return (
                    start,
                    "Unary operator used immediately before exponentiation expression. \
                     Parenthesis must be used to disambiguate operator precedence"
                        .into(),
                    false,
                );
            }
            if tok == Tok::LParen && previous_text(source, tokens, start) == Some("function") {
                return (
                    start,
                    "Function statements require a function name".into(),
                    false,
                );
            }
            if tok == Tok::Arrow {
                return (
                    start,
                    "Malformed arrow function parameter list".into(),
                    false,
                );
            }
            if is_assign_op(&tok) {
                return (start, "Invalid left-hand side in assignment".into(), false);
            }
            if let Tok::PrivateName(n) = &tok {
                // Outside a member access and a class member name (`super.#x`, `{ #x: 1 }`).
                let after_super = source[..start]
                    .trim_end()
                    .strip_suffix('.')
                    .is_some_and(|s| s.trim_end().ends_with("super"));
                let message = if after_super {
                    "Unexpected private field".to_string()
                } else {
                    format!("Unexpected identifier '{n}'")
                };
                return (start, message, false);
            }
            if expected.iter().any(|t| t == "\"catch\"")
                && expected.iter().any(|t| t == "\"finally\"")
            {
                return (start, "Missing catch or finally after try".into(), false);
            }
            if tok == Tok::Comma {
                if let Some(message) = rest_not_last(source, tokens, start) {
                    return (start, message.into(), false);
                }
            }
            if tok != Tok::RParen && expected.iter().any(|t| t == "\")\"") {
                if let Some(open) = innermost_paren(source, tokens, start) {
                    if call_parens.binary_search(&open).is_ok() {
                        return (start, "missing ) after argument list".into(), false);
                    }
                }
            }
            (start, tok.describe(source, start, end), false)
        }
    }
}

/// The source text of the token before the one starting at `at`.
fn previous_text<'s>(source: &'s str, tokens: &[(usize, usize)], at: usize) -> Option<&'s str> {
    let i = tokens.partition_point(|t| t.0 < at);
    let (start, end) = *tokens.get(i.checked_sub(1)?)?;
    source.get(start..end)
}

/// For an unexpected `,` after a rest element (`[...a, b]`, `function f(...a, b)`).
fn rest_not_last(source: &str, tokens: &[(usize, usize)], at: usize) -> Option<&'static str> {
    // (bracket byte, whether a `...` appeared directly inside it)
    let mut stack: Vec<(u8, bool)> = Vec::new();
    for &(start, end) in tokens {
        if start >= at {
            break;
        }
        match source.get(start..end).unwrap_or("") {
            "(" => stack.push((b'(', false)),
            "[" => stack.push((b'[', false)),
            "{" => stack.push((b'{', false)),
            ")" | "]" | "}" => {
                stack.pop();
            }
            "..." => {
                if let Some(top) = stack.last_mut() {
                    top.1 = true;
                }
            }
            "," => {
                if let Some(top) = stack.last_mut() {
                    top.1 = false;
                }
            }
            _ => {}
        }
    }
    match stack.last() {
        Some((b'(', true)) => Some("Rest parameter must be last formal parameter"),
        Some((_, true)) => Some("Rest element must be last element"),
        _ => None,
    }
}

/// The token index of the innermost `(` still open at offset `at`.
fn innermost_paren(source: &str, tokens: &[(usize, usize)], at: usize) -> Option<usize> {
    let mut stack: Vec<(u8, usize)> = Vec::new();
    for (i, &(start, end)) in tokens.iter().enumerate() {
        if start >= at {
            break;
        }
        let text = source.get(start..end).unwrap_or("");
        match text.as_bytes().first() {
            Some(b'(') | Some(b'[') | Some(b'{') if text.len() == 1 => {
                stack.push((text.as_bytes()[0], i))
            }
            Some(b')') | Some(b']') | Some(b'}') if text.len() == 1 => {
                stack.pop();
            }
            _ => {}
        }
    }
    match stack.last() {
        Some(&(b'(', i)) => Some(i),
        _ => None,
    }
}
