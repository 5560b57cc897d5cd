//! Copies the README's Rust examples (its ```rust blocks) into OUT_DIR, where lib.rs includes
//! them as the doc of a doctest-only item: `cargo test --doc` compiles and runs the README's
//! example. Only the Rust blocks, because rustdoc would take the README's indented shell
//! commands for Rust too.

use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    // In the repository the README is at the root; in a published package cargo puts the
    // `readme` file beside Cargo.toml.
    let candidates = [manifest.join("../../README.md"), manifest.join("README.md")];
    let readme = candidates.iter().find(|p| p.is_file());
    let mut examples = String::new();
    if let Some(path) = readme {
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let mut inside = false;
        for line in text.lines() {
            if !inside && line.trim_start().starts_with("```rust") {
                inside = true;
            } else if inside && line.trim_start().starts_with("```") {
                inside = false;
                examples.push_str(line);
                examples.push_str("\n\n");
                continue;
            }
            if inside {
                examples.push_str(line);
                examples.push('\n');
            }
        }
    }
    if examples.is_empty() {
        // A doctest that fails, so a lost README or example is noticed, not skipped.
        examples = "```rust\npanic!(\"no Rust example found in README.md\");\n```\n".to_string();
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_default());
    if let Err(e) = std::fs::write(out.join("readme_examples.md"), examples) {
        panic!("cannot write readme_examples.md: {e}");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
