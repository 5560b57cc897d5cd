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
        // The unwinder (panics are caught at the driver's guard and at `main`) from GCC's
        // static libgcc_eh rather than libgcc_s.so: one library fewer to map and bind at every
        // start, and no run of libgcc_s's constructor, whose CPUID queries trap to the
        // hypervisor on a virtual machine (4 % of a JS start measured here). Listed before
        // std's -lgcc_s, it defines the _Unwind_ symbols first, and --as-needed drops
        // libgcc_s.
        println!("cargo:rustc-link-lib=static:-bundle=gcc_eh");
        let order = std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default())
            .join("startup-order.txt");
        if links_with_lld() && order.exists() {
            // The functions a run executes are spread over the 17 MB of text, and each first
            // touch of a 64 KB window is a page fault (~2 us here): placed together, in the
            // order of startup-order.txt (written by `cargo xtask startup-order`), they take
            // a few windows. A name the build no longer has is skipped.
            println!(
                "cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={}",
                order.display()
            );
            println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
            println!("cargo:rerun-if-changed=startup-order.txt");
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=CARGO_ENCODED_RUSTFLAGS");
}

/// Whether the binary is linked by LLD, which takes a symbol ordering file: rustc uses its
/// own LLD for x86_64-unknown-linux-gnu since 1.90, unless the flags choose the linker.
fn links_with_lld() -> bool {
    if std::env::var("TARGET").as_deref() != Ok("x86_64-unknown-linux-gnu") {
        return false;
    }
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    if flags.contains("link") {
        return false;
    }
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let Ok(out) = std::process::Command::new(rustc).arg("--version").output() else {
        return false;
    };
    // "rustc 1.95.0 (59807616e 2026-04-14)"
    let version = String::from_utf8_lossy(&out.stdout);
    let mut parts = version
        .split_whitespace()
        .nth(1)
        .unwrap_or("")
        .split('.')
        .map(|p| p.parse::<u32>().unwrap_or(0));
    let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    (major, minor) >= (1, 90)
}
