//! The parsed pattern.

use crate::set::CharSet;

/// An assertion that consumes nothing. Each carries the modifiers in force where it
/// appears (the pattern's flags, or a modifier group's such as `(?m:...)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Assertion {
    /// `^`: at the start, or with `multiline` also after a line terminator.
    Start {
        /// The `m` modifier.
        multiline: bool,
    },
    /// `$`: at the end, or with `multiline` also before a line terminator.
    End {
        /// The `m` modifier.
        multiline: bool,
    },
    /// `\b`, or `\B` with `negate`.
    WordBoundary {
        /// `\B`
        negate: bool,
        /// The `i` modifier in the `u`/`v` modes, where `ſ` and `K` are word characters
        /// (they fold to `s` and `k`).
        unicode_ci: bool,
    },
}

/// A node of the pattern.
#[derive(Clone, Debug)]
pub enum Node {
    /// Matches the empty string.
    Empty,
    /// One character (a code point in the `u`/`v` modes, a code unit otherwise).
    Char(u32),
    /// `.`
    Dot {
        /// The `s` modifier: line terminators too.
        all: bool,
    },
    /// A character class (escapes like `\d` are classes too); `negate` is applied after
    /// case folding, as ECMAScript's CharacterSetMatcher does.
    Class {
        /// The members.
        set: CharSet,
        /// `[^...]`
        negate: bool,
    },
    /// Terms in order.
    Seq(Vec<Node>),
    /// Alternatives, tried in order.
    Alt(Vec<Node>),
    /// A group, capturing when `index` is set (1-based).
    Group {
        /// The group's body.
        body: Box<Node>,
        /// The capture's number.
        index: Option<usize>,
    },
    /// A quantified atom.
    Repeat {
        /// What is repeated.
        body: Box<Node>,
        /// The least count.
        min: u32,
        /// The greatest count (`u32::MAX`: no bound).
        max: u32,
        /// Greedy (`*`) or lazy (`*?`).
        greedy: bool,
        /// The capture groups inside (first index, count): reset at each iteration.
        caps: (usize, usize),
    },
    /// `^`, `$`, `\b`, `\B`.
    Assert(Assertion),
    /// `(?=...)`, `(?!...)`, `(?<=...)`, `(?<!...)`.
    Look {
        /// The body.
        body: Box<Node>,
        /// Lookbehind.
        behind: bool,
        /// Negative.
        negate: bool,
    },
    /// `\1`, or `\k<name>` of a name with one group: the group (an unset group matches
    /// empty).
    BackRef(usize),
    /// `\k<name>` of a name shared by groups in different alternatives: the name's number
    /// (in `Parsed::name_groups`); it refers to whichever of them participated.
    NamedBackRef(usize),
    /// A modifier group that turns case-insensitive matching on or off for its body
    /// (`(?i:...)`, `(?-i:...)`); the parser resolves the `m` and `s` modifiers into the
    /// `^ $ .` nodes themselves.
    CaseScope {
        /// The group's body.
        body: Box<Node>,
        /// The `i` modifier inside.
        ignore_case: bool,
    },
}
