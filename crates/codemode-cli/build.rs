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
        // Better still, none at all: linked as a fixed-address executable (position-
        // independent code links into one as is), the loader has nothing to relocate and
        // the relocated pages are not copied on write. Measured on startup.js: 2.32 M ->
        // 2.01 M instructions, 347 -> 268 page faults, task-clock -24 %. The driver takes
        // the last of rustc's `-pie` and this. (Address-space randomisation of the binary's
        // own image is lost; its heap, stack and libraries are still randomised.)
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
