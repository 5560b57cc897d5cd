//! Any JavaScript program compiles and runs under tight limits to a result or a diagnostic: no panic, no hang.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| codemode_fuzz::js_exec(data));
