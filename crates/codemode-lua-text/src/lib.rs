//! Lua 5.4's byte-string algorithms, with no VM dependency: patterns, `string.format`,
//! numerals, `string.pack`, the `utf8` library and `math.random`'s generator.
//!
//! Everything here works on `&[u8]` (Lua strings are byte strings), never panics on
//! any input, charges fuel to a [`Meter`] in every loop whose length the program
//! controls, bounds what it allocates (callers pass a `max_len`), and matches the
//! reference `lua5.4` (5.4.4 on x86-64 Linux with glibc) down to error messages; the
//! differential tests in `tests/differential.rs` check that against the installed
//! interpreter.
//!
//! # The contract with the VM (`codemode-lua`)
//!
//! Conventions: byte offsets are 0-based where the VM has already applied Lua's
//! relative-position rules (`find`'s `init`, `unpack`'s `pos`); positions Lua returns
//! as values are 1-based (position captures, utf8 results). Catchable errors carry
//! Lua's exact message; running out of fuel is separate and must not reach `pcall`.
//!
//! - [`meter`]: [`Meter::new`]`(fuel)`, [`Meter::charge`]`(n) -> Result<(), OutOfFuel>`,
//!   [`Meter::remaining`], [`Meter::set_remaining`], [`Meter::unlimited`].
//! - [`pattern`] (errors: [`PatternError::Malformed`]`(msg)` is a Lua error,
//!   [`PatternError::OutOfFuel`] is not):
//!   - [`pattern::find`]`(subject, pattern, init, meter)`: `string.find` without
//!     `plain` (leading `^`, forward scan, literal search for patterns without magic
//!     characters). [`pattern::find_plain`] for `plain = true`.
//!   - [`pattern::str_match`]: `string.match` (always through the matcher).
//!   - [`pattern::match_at`]: one anchored attempt at a byte offset.
//!   - [`pattern::gmatch_next`]`(subject, pattern, pos, lastmatch, meter)`: one step of
//!     the gmatch iterator; returns the match and the new `pos` (= new `lastmatch`).
//!   - [`pattern::gsub_string`]: whole `string.gsub` with a string replacement, into
//!     the caller's buffer, exact including lazily raised replacement errors.
//!   - [`pattern::gsub_next`] with a [`pattern::GsubCursor`]: the matches for
//!     table/function replacements one at a time (memory for one match; a function
//!     replacement runs between matches as in Lua), used with
//!     [`Match::values`]/[`Match::first_value`] or [`pattern::expand_replacement`].
//!     [`pattern::gsub_matches`] collects them all at once (memory grows with the
//!     number of matches times their captures).
//!   - [`Match`] `{ start, end, captures }`, [`Capture`] `Span | Position`,
//!     [`CaptureValue`] `Bytes | Position`.
//! - [`format()`]`(fmt, args, out, max_len, meter)`: `string.format` appending to `out`.
//!   Arguments are [`FormatArg`]. Errors are [`FormatError`] `{ arg, message,
//!   out_of_fuel }`: [`FormatError::render`]`("format")` gives
//!   `bad argument #2 to 'format' (number expected, got string)` or the bare message.
//!   [`LibError`] is the same type, used by pack, utf8 and random too.
//! - [`number`]: `tostring` of numbers ([`number::fmt_float`], [`number::fmt_int`],
//!   allocation-free [`number::write_float`]/[`number::write_int`]),
//!   `lua_stringtonumber` ([`number::parse_number`] -> [`Number`]), `tonumber(s, base)`
//!   ([`number::parse_int_base`]), float to integer ([`number::float_to_int_exact`],
//!   [`number::float_to_int`] with floor/ceil modes for for-loop limits), exact mixed
//!   comparisons ([`number::int_lt_float`] and friends), [`number::ldexp`].
//! - [`pack`]: [`pack::pack`], [`pack::unpack`], [`pack::packsize`]; arguments are
//!   [`FormatArg`]s (alias [`PackArg`]), results [`Unpacked`].
//! - [`utf8`]: [`utf8::decode`], [`utf8::encode`], [`utf8::CHARPATTERN`] and the
//!   library functions' algorithms ([`utf8::len`], [`utf8::codepoint`],
//!   [`utf8::offset`], [`utf8::codes_next`], [`utf8::char`]).
//! - [`random`]: [`Random`] (xoshiro256**, seeded, projected and converted exactly as
//!   Lua 5.4 does).
//!
//! # Known, deliberate differences from `lua5.4`
//!
//! - Output limits: results longer than `max_len` fail with "resulting string too
//!   large" instead of being built (Lua would try to allocate, e.g. `("c2000000000")`
//!   in `string.pack`).
//! - [`pattern::gsub_matches`] (and [`pattern::gsub_next`] with a default cursor)
//!   fail with "unfinished capture" for any match that has an unfinished capture, as
//!   Lua does for function replacements; for table replacements use
//!   [`pattern::GsubCursor::for_table`], which like Lua requires only capture 1.
//! - `%p` in `string.format` prints "(null)" for values without an address and, for
//!   other values, the address their `tostring` text shows (strings have none here).
//! - Errors inside the gmatch and `utf8.codes` iterators carry no "file:line:" prefix;
//!   Lua adds the caller's position there (the VM's job).
//! - Behaviour is that of 5.4.4, the reference installed here and in CI (Debian
//!   bookworm). Later 5.4 releases differ in `utf8.codes` only: 5.4.6+ also rejects a
//!   subject starting with a continuation byte and a character followed by one.

#![warn(missing_docs)]

pub mod format;
pub mod meter;
pub mod number;
pub mod pack;
pub mod pattern;
mod printf;
pub mod random;
pub mod utf8;

pub use format::{format, FormatArg, FormatError, LibError};
pub use meter::{Meter, OutOfFuel};
pub use number::Number;
pub use pack::{PackArg, Unpacked};
pub use pattern::{Capture, CaptureValue, Match, PatternError};
pub use random::Random;
