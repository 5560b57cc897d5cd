//! The raw lexer (logos). Context-dependent pieces — regex vs division, template literal
//! chunks, newlines before tokens, contextual keywords — are decided by the token adapter in
//! `tokens.rs`, which scans those parts of the source by hand and bumps the logos lexer past
//! them.

use logos::Logos;

/// Raw tokens. Whitespace and comments are skipped; the adapter finds line terminators in
/// the gaps between tokens.
#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Raw {
    /// Whitespace and comments, dropped by the adapter (which finds line terminators in the
    /// gaps between the tokens it keeps). Tokens rather than logos skips because logos
    /// re-enters its lexing function after every skip, so a long run of comment lines would
    /// recurse once per line (logos issue #504).
    #[regex(r"[ \t\n\r\u{000B}\u{000C}\u{00A0}\u{FEFF}\u{1680}\u{2000}-\u{200A}\u{2028}\u{2029}\u{202F}\u{205F}\u{3000}]+")]
    #[regex(r"//[^\n\r\u{2028}\u{2029}]*")]
    #[regex(r"/\*([^*]|\*+[^*/])*\*+/")]
    Trivia,
    #[regex(r"[\p{ID_Start}_$][\p{ID_Continue}$\u{200C}\u{200D}]*")]
    Ident,
    /// The words `Adapter::word` gives a meaning to (keywords and contextual words), so a
    /// plain identifier needs no keyword comparisons. Keep in step with `Adapter::word`.
    #[token("as")]
    #[token("async")]
    #[token("await")]
    #[token("break")]
    #[token("case")]
    #[token("catch")]
    #[token("class")]
    #[token("const")]
    #[token("continue")]
    #[token("debugger")]
    #[token("default")]
    #[token("delete")]
    #[token("do")]
    #[token("else")]
    #[token("enum")]
    #[token("export")]
    #[token("extends")]
    #[token("false")]
    #[token("finally")]
    #[token("for")]
    #[token("from")]
    #[token("function")]
    #[token("get")]
    #[token("if")]
    #[token("import")]
    #[token("in")]
    #[token("instanceof")]
    #[token("let")]
    #[token("new")]
    #[token("null")]
    #[token("of")]
    #[token("return")]
    #[token("set")]
    #[token("super")]
    #[token("switch")]
    #[token("this")]
    #[token("throw")]
    #[token("true")]
    #[token("try")]
    #[token("typeof")]
    #[token("var")]
    #[token("void")]
    #[token("while")]
    #[token("with")]
    #[token("yield")]
    Word,
    #[regex(r"#[\p{ID_Start}_$][\p{ID_Continue}$\u{200C}\u{200D}]*")]
    PrivateName,
    #[regex(r"[0-9][0-9_]*(\.[0-9_]*)?([eE][+-]?[0-9_]+)?")]
    #[regex(r"\.[0-9][0-9_]*([eE][+-]?[0-9_]+)?")]
    Decimal,
    #[regex(r"0[xX][0-9a-fA-F_]+")]
    Hex,
    #[regex(r"0[oO][0-7_]+")]
    Octal,
    #[regex(r"0[bB][01_]+")]
    Binary,
    #[regex(r"([0-9][0-9_]*|0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+)n")]
    BigInt,
    #[regex(r#""([^"\\\n\r]|\\(.|\n|\r\n?))*""#)]
    #[regex(r#"'([^'\\\n\r]|\\(.|\n|\r\n?))*'"#)]
    String,
    #[token("`")]
    Backtick,

    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token(".")]
    Dot,
    #[token("...")]
    Ellipsis,
    #[token(";")]
    Semi,
    #[token(",")]
    Comma,
    #[token("<")]
    Lt,
    #[token(">")]
    Gt,
    #[token("<=")]
    LtEq,
    #[token(">=")]
    GtEq,
    #[token("==")]
    EqEq,
    #[token("!=")]
    NotEq,
    #[token("===")]
    EqEqEq,
    #[token("!==")]
    NotEqEq,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("*")]
    Star,
    #[token("/")]
    Slash,
    #[token("%")]
    Percent,
    #[token("**")]
    StarStar,
    #[token("++")]
    PlusPlus,
    #[token("--")]
    MinusMinus,
    #[token("<<")]
    Shl,
    #[token(">>")]
    Shr,
    #[token(">>>")]
    UShr,
    #[token("&")]
    Amp,
    #[token("|")]
    Pipe,
    #[token("^")]
    Caret,
    #[token("!")]
    Bang,
    #[token("~")]
    Tilde,
    #[token("&&")]
    AmpAmp,
    #[token("||")]
    PipePipe,
    #[token("??")]
    QuestionQuestion,
    #[token("?")]
    Question,
    #[token("?.")]
    QuestionDot,
    #[token(":")]
    Colon,
    #[token("=")]
    Eq,
    #[token("+=")]
    PlusEq,
    #[token("-=")]
    MinusEq,
    #[token("*=")]
    StarEq,
    #[token("/=")]
    SlashEq,
    #[token("%=")]
    PercentEq,
    #[token("**=")]
    StarStarEq,
    #[token("<<=")]
    ShlEq,
    #[token(">>=")]
    ShrEq,
    #[token(">>>=")]
    UShrEq,
    #[token("&=")]
    AmpEq,
    #[token("|=")]
    PipeEq,
    #[token("^=")]
    CaretEq,
    #[token("&&=")]
    AmpAmpEq,
    #[token("||=")]
    PipePipeEq,
    #[token("??=")]
    QuestionQuestionEq,
    #[token("=>")]
    Arrow,
    #[token("@")]
    At,
    #[token("#")]
    Hash,
}

#[cfg(test)]
mod tests {
    use super::Raw;
    use logos::Logos;

    fn first(src: &str) -> Option<Result<Raw, ()>> {
        Raw::lexer(src).next()
    }

    #[test]
    fn words_and_identifiers() {
        // Every word with an arm in `Adapter::word` must lex as `Word` (else it would be
        // taken for a plain identifier without its meaning).
        for w in [
            "as",
            "async",
            "await",
            "break",
            "case",
            "catch",
            "class",
            "const",
            "continue",
            "debugger",
            "default",
            "delete",
            "do",
            "else",
            "enum",
            "export",
            "extends",
            "false",
            "finally",
            "for",
            "from",
            "function",
            "get",
            "if",
            "import",
            "in",
            "instanceof",
            "let",
            "new",
            "null",
            "of",
            "return",
            "set",
            "super",
            "switch",
            "this",
            "throw",
            "true",
            "try",
            "typeof",
            "var",
            "void",
            "while",
            "with",
        ] {
            assert_eq!(first(w), Some(Ok(Raw::Word)), "{w}");
        }
        for w in [
            "breakfast",
            "iff",
            "a",
            "_if",
            "$in",
            "getter",
            "ofs",
            "asyncFn",
            "é",
        ] {
            assert_eq!(first(w), Some(Ok(Raw::Ident)), "{w}");
        }
    }
}
