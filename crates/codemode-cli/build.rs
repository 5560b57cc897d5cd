//! Link flags for the `codemode` binary.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        // Hosts start `codemode run` once per program, so process start is part of every
        // run. A position-independent Rust binary carries ~20,000 relative relocations
        // (vtables, string tables) that the dynamic loader applies one by one at start;
        // packed (DT_RELR, glibc 2.36+), they take a fraction of the work. A linker or C
        // library without support ignores the request (binutils packs only when the C
        // library provides GLIBC_ABI_DT_RELR).
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
