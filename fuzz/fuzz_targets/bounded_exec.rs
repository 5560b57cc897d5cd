//! Any Lua or JavaScript program under a 1 MiB memory limit keeps the process's real heap
//! peak within twice the limit plus a fixed base (see codemode_fuzz::bounded).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[global_allocator]
static ALLOCATOR: codemode_fuzz::bounded::Counting = codemode_fuzz::bounded::Counting;

fuzz_target!(|data: &[u8]| codemode_fuzz::bounded::bounded_exec(data));
