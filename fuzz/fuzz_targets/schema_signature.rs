//! Any JSON value as a tool's schemas renders as TypeScript and LuaCATS, compact and full.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| codemode_fuzz::schema_signature(data));
