//! Generates the parser from src/grammar.lalrpop, then makes the "expected tokens" list of
//! lalrpop's errors lazy: lalrpop computes it (one simulation per terminal) every time error
//! recovery starts, and error recovery is how automatic semicolon insertion works, so on the
//! fast path the list is skipped (`Ctx::want_expected` is false) and it is computed only when
//! a failed parse is re-run to word its message.
use std::path::PathBuf;

fn main() {
    lalrpop::Configuration::new()
        .use_cargo_dir_conventions()
        .emit_rerun_directives(true)
        .process()
        .expect("the JavaScript grammar must build");

    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("grammar.rs");
    let code = std::fs::read_to_string(&out).expect("generated grammar.rs");
    let eager = "fn expected_tokens_from_states(&self, states: &[i16]) -> alloc::vec::Vec<alloc::string::String> {\n            __expected_tokens_from_states(";
    let lazy = "fn expected_tokens_from_states(&self, states: &[i16]) -> alloc::vec::Vec<alloc::string::String> {\n            if !self.ctx.want_expected() { return alloc::vec::Vec::new(); }\n            __expected_tokens_from_states(";
    // lalrpop skips regenerating an up-to-date file (it keeps a hash of the grammar), so a
    // re-run of this script may find the file already patched.
    if code.contains(lazy) {
        return;
    }
    assert!(
        code.contains(eager),
        "lalrpop's generated code changed: update the lazy expected-tokens patch in build.rs"
    );
    std::fs::write(&out, code.replace(eager, lazy)).expect("write grammar.rs");
}
