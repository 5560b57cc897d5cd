//! Arbitrary documents (JSON, YAML, or garbage) never panic the OpenAPI converter, and what it
//! produces serializes.
#![no_main]

use codemode_openapi::{from_spec, OpenApiOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(conversion) = from_spec(text, OpenApiOptions::default()) {
        for tool in &conversion.tools {
            let _ = tool.input_schema().to_string();
            let _ = tool.output_schema().map(|s| s.to_string());
        }
        for skipped in &conversion.skipped {
            assert!(!skipped.reason.is_empty());
        }
    }
});
