//! Shared pieces of the end-to-end benches: the programs of `fixtures/bench` and a runtime per
//! language built through the `codemode` facade, as a host would build it.

use std::sync::Arc;

use codemode::{CodeMode, Language};
use serde_json::Value;

/// Where the benchmark programs live (the repository's `fixtures/bench`).
pub const PROGRAM_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/bench");

/// The benchmark programs, in the order the figures are reported.
pub const PROGRAMS: [&str; 5] = ["startup", "fib", "loop", "records", "strings"];

/// The file extension of a language's programs.
pub fn extension(language: Language) -> &'static str {
    match language {
        Language::Lua => "lua",
        Language::JavaScript => "js",
    }
}

/// The source of one benchmark program, or a message naming the missing file.
pub fn program(name: &str, language: Language) -> Result<String, String> {
    let path = format!("{PROGRAM_DIR}/{name}.{}", extension(language));
    std::fs::read_to_string(&path).map_err(|e| format!("cannot read {path}: {e}"))
}

/// A runtime for `language` with no tools and the language's default limits. JavaScript gets
/// its interpreter explicitly, so the benches work whether or not the facade's `js` feature
/// provides a built-in one.
pub fn runtime(language: Language) -> Result<CodeMode, String> {
    let builder = CodeMode::builder().language(language);
    let builder = match language {
        Language::Lua => builder,
        Language::JavaScript => builder.interpreter(Arc::new(codemode_js::JsInterpreter::new())),
    };
    builder.build().map_err(|e| e.to_string())
}

/// A current-thread Tokio runtime with the time driver the facade needs.
pub fn tokio_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap_or_else(|e| panic!("cannot start a Tokio runtime: {e}"))
}

/// Runs `source` once, end to end, and returns its value or the error as text.
pub fn run_once(
    rt: &tokio::runtime::Runtime,
    codemode: &CodeMode,
    source: &str,
) -> Result<Value, String> {
    rt.block_on(codemode.execute(source))
        .outcome
        .map_err(|d| format!("{d:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_program_exists_in_both_languages() {
        for name in PROGRAMS {
            for language in [Language::Lua, Language::JavaScript] {
                let source = program(name, language).unwrap();
                assert!(source.contains("return"), "{name}.{}", extension(language));
            }
        }
    }

    #[test]
    fn startup_runs_in_both_languages() {
        let rt = tokio_runtime();
        for language in [Language::Lua, Language::JavaScript] {
            let codemode = runtime(language).unwrap();
            let source = program("startup", language).unwrap();
            let value = run_once(&rt, &codemode, &source).unwrap();
            assert_eq!(value, serde_json::json!({ "ok": true }), "{language}");
        }
    }
}
