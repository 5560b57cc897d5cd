//! Differential test against `lua5.4`: random token soups (mostly invalid programs) must be
//! accepted or rejected exactly as Lua does, with the same message and line.

mod common;

use codemode_lua_syntax::{parse, ParseLimits};

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
    ";",
    ":",
    ",",
    ".",
    "..",
    "...",
    "x",
    "y",
    "z",
    "1",
    "2.5",
    "'s'",
    "[[l]]",
    "\n",
    "x =",
    "local x =",
    "f(x)",
    "x.y",
    "a[1]",
    "function f()",
    "end",
    "if x then",
    "while x do",
    "for i=1,2 do",
    "return",
    "<const>",
];

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn token_soups_match_lua() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut mismatches = Vec::new();
    let mut accepted = 0;
    for _ in 0..600 {
        let n = 1 + rng.below(12);
        let src: Vec<&str> = (0..n).map(|_| TOKENS[rng.below(TOKENS.len())]).collect();
        let src = src.join(" ");
        let lua = common::lua_load(&src);
        let ours = parse(&src, &ParseLimits::default())
            .err()
            .map(|d| (d.location.map_or(0, |l| l.line), d.message));
        if lua.is_none() {
            accepted += 1;
        }
        if ours != lua {
            mismatches.push(format!("{src:?}\n  lua : {lua:?}\n  ours: {ours:?}"));
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    assert!(
        accepted > 0,
        "the generator should produce some valid programs"
    );
}
