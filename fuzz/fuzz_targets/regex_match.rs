//! Fuzz the regular-expression engine: parser and matcher under a tight budget (see
//! `codemode_fuzz::regex_match`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| codemode_fuzz::regex_match(data));
