//! Fuzz the Lua parser: any input parses or fails with a located ParseError; accepted
//! programs pass `check_supported` without panicking; nothing overflows the stack.
#![no_main]

use codemode_core::{DiagnosticKind, VmLimits};
use codemode_lua_syntax::{check_supported, parse, ParseLimits};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let limits = ParseLimits::from(&VmLimits::default());
    match parse(src, &limits) {
        Ok(chunk) => {
            if let Err(d) = check_supported(&chunk) {
                assert_eq!(d.kind, DiagnosticKind::UnsupportedSyntax);
                assert!(d.location.is_some());
            }
        }
        Err(d) => {
            assert_eq!(d.kind, DiagnosticKind::ParseError);
            assert!(d.location.is_some() || d.message.contains("too large"));
        }
    }
});
