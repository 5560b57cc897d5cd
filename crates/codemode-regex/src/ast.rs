//! The parsed pattern.

use crate::set::CharSet;

/// An assertion that consumes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Assertion {
    /// `^`
    Start,
    /// `$`
    End,
    /// `\b`
    WordBoundary,
    /// `\B`
    NotWordBoundary,
}

/// A node of the pattern.
#[derive(Clone, Debug)]
pub enum Node {
    /// Matches the empty string.
    Empty,
    /// One character (a code point in the `u`/`v` modes, a code unit otherwise).
    Char(u32),
    /// `.`
    Dot,
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
    /// `\1`, `\k<name>`.
    BackRef(usize),
}
