//! Random byte strings and random token soups never panic the parser (they parse or fail
//! with a located ParseError), on a small stack.

use codemode_lua_syntax::{parse, ParseLimits};
use proptest::prelude::*;

const TOKENS: &[&str] = &[
    "and",
    "break",
    "do",
    "else",
    "elseif",
    "end",
    "false",
    "for",
    "function",
    "goto",
    "if",
    "in",
    "local",
    "nil",
    "not",
    "or",
    "repeat",
    "return",
    "then",
    "true",
    "until",
    "while",
    "+",
    "-",
    "*",
    "/",
    "//",
    "%",
    "^",
    "#",
    "&",
    "~",
    "|",
    "<<",
    ">>",
    "==",
    "~=",
    "<=",
    ">=",
    "<",
    ">",
    "=",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "::",
    ";",
    ":",
    ",",
    ".",
    "..",
    "...",
    "x",
    "y",
    "self",
    "1",
    "0x10",
    "1.5e3",
    "\"s\"",
    "'t'",
    "[[long]]",
    "[=[x]=]",
    "--c\n",
    "--[[c]]",
    "<const>",
    "<close>",
    "\n",
    "\"\\z \"",
    "\"\\u{41}\"",
    "3x",
    "\"unfinished",
    "[==[",
    "@",
];

fn check(src: &str) {
    match parse(src, &ParseLimits::default()) {
        Ok(chunk) => drop(chunk),
        Err(d) => {
            assert_eq!(d.kind, codemode_core::DiagnosticKind::ParseError);
            assert!(
                d.location.is_some(),
                "no location for {:?}: {}",
                src,
                d.message
            );
            assert!(!d.message.is_empty());
        }
    }
}

fn on_small_stack(src: String) {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || check(&src))
        .unwrap()
        .join()
        .unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let src = String::from_utf8_lossy(&bytes).into_owned();
        check(&src);
    }

    #[test]
    fn random_ascii_never_panics(src in "[ -~\n\t]{0,200}") {
        check(&src);
    }

    #[test]
    fn token_soups_never_panic(idx in proptest::collection::vec(0..TOKENS.len(), 0..120)) {
        let src: Vec<&str> = idx.iter().map(|&i| TOKENS[i]).collect();
        on_small_stack(src.join(" "));
    }

    #[test]
    fn deep_token_soups_never_panic(
        idx in proptest::collection::vec(0..TOKENS.len(), 0..40),
        reps in 1usize..400,
    ) {
        let src: Vec<&str> = idx.iter().map(|&i| TOKENS[i]).collect();
        on_small_stack(src.join(" ").repeat(reps));
    }
}
