//! Any JSON document: encoded_len agrees with serde_json, truncate stays within its budget.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| codemode_fuzz::data_roundtrip(data));
