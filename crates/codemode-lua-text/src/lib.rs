//! Lua 5.4's byte-string algorithms, with no VM dependency: patterns, `string.format`,
//! numerals, `string.pack`, the `utf8` library and `math.random`'s generator.
//!
//! Everything here works on `&[u8]` (Lua strings are byte strings), never panics on
//! any input, charges fuel to a [`Meter`] in every loop whose length the program
//! controls, bounds what it allocates (callers pass a `max_len`), and matches the
//! reference `lua5.4` (5.4.4 on x86-64 Linux, glibc) down to error messages.
//!
//! # The contract with the VM (`codemode-lua`)
//!
//! - [`meter`]: [`Meter::new`], [`Meter::charge`], [`Meter::remaining`]; [`OutOfFuel`]
//!   is uncatchable (the VM must not hand it to `pcall`).
//! - [`pattern`]: [`find`](pattern::find) (find/match with `^` and forward scan),
//!   [`find_plain`](pattern::find_plain), [`match_at`](pattern::match_at),
//!   [`gmatch_next`](pattern::gmatch_next), [`gsub_matches`](pattern::gsub_matches)
//!   plus [`expand_replacement`](pattern::expand_replacement) for table/function
//!   replacements, and the fast [`gsub_string`](pattern::gsub_string) for string
//!   replacements. Errors: [`PatternError::Malformed`] carries Lua's message (raise it
//!   as a Lua error), [`PatternError::OutOfFuel`] is uncatchable.
//! - [`format`]: [`format::format`] appends into the caller's buffer. Errors are
//!   [`FormatError`] `{ arg, message, out_of_fuel }`: render with
//!   [`FormatError::render`]`("format")` → `bad argument #2 to 'format' (...)`.
//!   The same error type (alias [`LibError`]) is used by pack, utf8 and random.
//! - [`number`]: `tostring` of numbers ([`fmt_float`](number::fmt_float),
//!   [`fmt_int`](number::fmt_int), allocation-free `write_*`), `lua_stringtonumber`
//!   ([`parse_number`](number::parse_number)), `tonumber(s, base)`
//!   ([`parse_int_base`](number::parse_int_base)), float→integer conversions and exact
//!   mixed integer/float comparisons.
//! - [`pack`]: [`pack`](pack::pack), [`unpack`](pack::unpack), [`packsize`](pack::packsize).
//! - [`utf8`]: decode/encode and the library functions' algorithms.
//! - [`random`]: [`Random`] (xoshiro256** exactly as Lua 5.4 seeds and projects).
//!
//! Positions: this crate takes 0-based byte offsets where the VM has already applied
//! Lua's relative-position rules (`find`'s `init`, `unpack`'s `pos`), and reports
//! 1-based positions where Lua returns them as values (position captures, utf8).

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
