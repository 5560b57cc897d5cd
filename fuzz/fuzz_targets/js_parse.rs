//! Fuzz the JavaScript-subset parser: any input parses or fails with a located ParseError
//! or UnsupportedSyntax; accepted programs render (a full walk); nothing overflows the stack.
#![no_main]

use codemode_core::{DiagnosticKind, VmLimits};
use codemode_js_syntax::{parse, render::render, ParseLimits};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let limits = ParseLimits::from(&VmLimits::default());
    match parse(src, &limits) {
        Ok(program) => {
            let _ = render(&program);
        }
        Err(d) => {
            assert!(
                matches!(
                    d.kind,
                    DiagnosticKind::ParseError | DiagnosticKind::UnsupportedSyntax
                ),
                "{d:?}"
            );
            assert!(d.location.is_some(), "{d:?}");
        }
    }
});
