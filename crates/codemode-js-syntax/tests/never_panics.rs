//! Random input never panics the lexer, parser or validator: raw bytes, and soups of
//! JavaScript tokens (which get much further into the grammar).

use codemode_js_syntax::{parse, render::render, ParseLimits};
use proptest::prelude::*;

const TOKENS: &[&str] = &[
    "a",
    "b",
    "async",
    "await",
    "let",
    "const",
    "var",
    "function",
    "return",
    "if",
    "else",
    "for",
    "of",
    "in",
    "while",
    "do",
    "break",
    "continue",
    "switch",
    "case",
    "default",
    "try",
    "catch",
    "finally",
    "throw",
    "new",
    "this",
    "typeof",
    "void",
    "delete",
    "import",
    "from",
    "as",
    "class",
    "get",
    "set",
    "yield",
    "null",
    "true",
    "1",
    "0x1f",
    "1_0",
    ".5",
    "10n",
    "\"s\"",
    "'\\u{41}'",
    "`t`",
    "`a${",
    "}`",
    "}",
    "{",
    "(",
    ")",
    "[",
    "]",
    ";",
    ",",
    ".",
    "...",
    "?.",
    "?",
    ":",
    "=>",
    "=",
    "+=",
    "??=",
    "||=",
    "&&=",
    "**",
    "**=",
    "+",
    "-",
    "*",
    "/",
    "%",
    "++",
    "--",
    "!",
    "~",
    "&&",
    "||",
    "??",
    "<",
    ">=",
    "===",
    "!==",
    "<<",
    ">>>",
    "&",
    "|",
    "^",
    "\n",
    " ",
    "/re/g",
    "//c\n",
    "/*c*/",
    "#x",
    "@",
    "\\",
    "\"",
];

fn limits() -> ParseLimits {
    ParseLimits {
        max_source_bytes: 1 << 16,
        max_nesting: 40,
    }
}

fn check(source: &str) {
    if let Ok(program) = parse(source, &limits()) {
        // Accepted programs render (a full walk of the tree).
        let _ = render(&program);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, .. ProptestConfig::default() })]

    #[test]
    fn random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        check(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_text(source in "\\PC{0,120}") {
        check(&source);
    }

    #[test]
    fn token_soup(picks in proptest::collection::vec(0..TOKENS.len(), 0..80)) {
        let source: String = picks.iter().map(|&i| TOKENS[i]).collect::<Vec<_>>().join(" ");
        check(&source);
        let tight: String = picks.iter().map(|&i| TOKENS[i]).collect();
        check(&tight);
    }
}
