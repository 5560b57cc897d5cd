//! Project chores behind `cargo xtask`:
//!
//! - `cargo xtask ci`: the one definition of CI (`.ci/run` and `.github/workflows/ci.yml`
//!   install what the tests need and call it): fmt check, clippy -D warnings (workspace and
//!   fuzz package), the README's test command `cargo test --workspace`, the fuzz package's
//!   tests, the fuzz smoke run (`.ci/fuzz-smoke`), and `cargo publish --workspace --dry-run`
//! - `cargo xtask publish-dry-run`: CI's last step alone (after clearing sources an earlier
//!   dry run left in the cargo home)
//! - `cargo xtask bench [lua|js] [--runs N]`: the benchmark programs (fixtures/bench) in
//!   codemode (whole process, release build) beside lua5.4, node and boa when found on PATH
//!   and QuickJS-ng and LuaJIT's interpreter in-process through Python (see bench.rs), with
//!   ratios
//! - `cargo xtask fuzz [--seconds N]`: every cargo-fuzz target for N seconds (default 60)
//!   through `.ci/fuzz-smoke` (stable compiler; installs cargo-fuzz when missing)
//! - `cargo xtask test262 --dir PATH [--filter SUBSTR] [--update] [--failures FILE]`: the
//!   tc39/test262 checkout at PATH through codemode-js, pass counts per directory compared
//!   with (or, with --update, written to) docs/test262.txt
//! - `cargo xtask codegen [--check]`: writes the generated files (codemode-js's prelude and
//!   realm images, `crates/codemode-js/src/{prelude,realm}.image`), or with --check fails
//!   when one is stale
//! - `cargo xtask lua-testes --dir PATH [--update] [--verbose]`: the Lua 5.4 test suite
//!   (`testes/` of lua/lua at v5.4.8, at PATH) through codemode-lua, sections passed per
//!   file compared with (or, with --update, written to) docs/lua-testes.txt
//! - `cargo xtask startup-order`: writes crates/codemode-cli/startup-order.txt, the functions
//!   a short run executes, for the linker to place together (see startup_order.rs; needs
//!   valgrind)

mod bench;
mod lua_testes;
mod startup_order;
mod test262;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("ci") => ci(),
        Some("bench") => bench::bench(&args[1..]),
        Some("fuzz") => fuzz(&args[1..]),
        Some("publish-dry-run") => publish_dry_run(),
        Some("test262") => test262::test262(&args[1..]),
        Some("lua-testes") => lua_testes::lua_testes(&args[1..]),
        Some("codegen") => codegen(&args[1..]),
        Some("startup-order") => startup_order::startup_order(&args[1..]),
        _ => {
            eprintln!("usage: cargo xtask ci | publish-dry-run | codegen [--check] | bench [lua|js] [--runs N] | fuzz [--seconds N] | test262 --dir PATH [--filter SUBSTR] [--update] [--failures FILE] | lua-testes --dir PATH [--update] [--verbose] | startup-order");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The generated files: codemode-js's prelude image (the prelude compiled to bytecode, built
/// into the binary so no process parses it) and realm image (the built-ins' heap after the
/// prelude's top level, loaded instead of built). The tests `prelude_image_is_current` and
/// `realm_image_is_current` in codemode-js do the same check.
fn codegen(args: &[String]) -> Result<(), String> {
    let check = match args {
        [] => false,
        [flag] if flag == "--check" => true,
        _ => return Err("usage: cargo xtask codegen [--check]".into()),
    };
    type Make = fn() -> Result<Vec<u8>, String>;
    let images: [(&str, Make); 2] = [
        ("prelude.image", codemode_js::prelude_image),
        ("realm.image", codemode_js::realm_image),
    ];
    for (name, make) in images {
        let path = root().join("crates/codemode-js/src").join(name);
        let fresh = make()?;
        let current = std::fs::read(&path).unwrap_or_default();
        if fresh == current {
            eprintln!("{} is current ({} bytes)", path.display(), fresh.len());
            continue;
        }
        if check {
            return Err(format!(
                "{} is stale: run `cargo xtask codegen`",
                path.display()
            ));
        }
        std::fs::write(&path, &fresh).map_err(|e| format!("writing {}: {e}", path.display()))?;
        eprintln!("wrote {} ({} bytes)", path.display(), fresh.len());
    }
    Ok(())
}

pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap_or(Path::new("."))
        .to_path_buf()
}

pub(crate) fn run(cmd: &mut Command) -> Result<(), String> {
    eprintln!("$ {cmd:?}");
    let status = cmd
        .current_dir(root())
        .status()
        .map_err(|e| format!("{cmd:?}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{cmd:?} failed with {status}"))
    }
}

/// The proptest seed of CI's test run.
const CI_PROPTEST_SEED: &str = "20261202";

/// Seconds each fuzz target runs in CI's smoke run.
const CI_FUZZ_SECONDS: u32 = 10;

fn ci() -> Result<(), String> {
    let fuzz_manifest = root().join("fuzz/Cargo.toml").display().to_string();
    run(Command::new("cargo").args(["fmt", "--all", "--check"]))?;
    // The fuzz package is its own workspace (cargo-fuzz wants that), so each step names it.
    run(Command::new("cargo").args([
        "fmt",
        "--all",
        "--check",
        "--manifest-path",
        &fuzz_manifest,
    ]))?;
    run(Command::new("cargo").args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]))?;
    run(Command::new("cargo").args([
        "clippy",
        "--manifest-path",
        &fuzz_manifest,
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]))?;
    // The README's test command. The differential proptests draw random cases when run by
    // hand; CI draws a fixed set (unless the caller chose one), so a run on main is
    // repeatable and a discrepancy found by hand is fixed in its own commit, not met by CI.
    let mut test = Command::new("cargo");
    test.args(["test", "--workspace"]);
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        test.env("PROPTEST_RNG_SEED", CI_PROPTEST_SEED);
    }
    run(&mut test)?;
    // fuzz/tests: every target's body over the corpora and committed regressions.
    run(Command::new("cargo").args(["test", "--manifest-path", &fuzz_manifest]))?;
    fuzz_smoke(CI_FUZZ_SECONDS)?;
    // --allow-dirty: a dry run publishes nothing, and a developer's uncommitted edits (or
    // files CI generates) must not fail it; the packaging and the build of each package
    // from its .crate file are what this step checks.
    publish_dry_run()
}

/// `cargo publish --workspace --dry-run`: packages every crate and builds each from its
/// `.crate` file against the others' packaged sources.
fn publish_dry_run() -> Result<(), String> {
    clear_stale_package_sources()?;
    run(Command::new("cargo").args(["publish", "--workspace", "--dry-run", "--allow-dirty"]))
}

/// A workspace dry run packages each crate into a local registry under
/// `<target>/package/tmp-registry`, and cargo unpacks what it verifies into
/// `$CARGO_HOME/registry/src/-<hash of that path>/<crate>-<version>`. The path, so the
/// hash, is the same on every run, and cargo neither unpacks a crate whose directory is
/// already there nor rebuilds a registry crate whose version did not change (it trusts a
/// registry's versions to be immutable). With a cached cargo home or target dir, a crate
/// would be verified against an earlier run's sources or build of its dependencies. So the
/// unpacked sources and every build of our own crates in the dev profile go first (the
/// dry run is CI's last step; a later build rebuilds only our crates).
fn clear_stale_package_sources() -> Result<(), String> {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"));
    remove_dir_if_present(&target.join("package"))?;
    for dir in [".fingerprint", "build", "deps", "incremental"] {
        let Ok(entries) = std::fs::read_dir(target.join("debug").join(dir)) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !(name.starts_with("codemode") || name.starts_with("libcodemode")) {
                continue;
            }
            let path = entry.path();
            let removed = if path.is_dir() {
                std::fs::remove_dir_all(&path)
            } else {
                std::fs::remove_file(&path)
            };
            removed.map_err(|e| format!("removing {}: {e}", path.display()))?;
        }
    }
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    let Some(src) = cargo_home.map(|h| h.join("registry/src")) else {
        return Ok(());
    };
    let Ok(registries) = std::fs::read_dir(&src) else {
        return Ok(());
    };
    for registry in registries.flatten() {
        // Local registries' directories are named "-<hash>"; crates.io's is not touched.
        if !registry.file_name().to_string_lossy().starts_with('-') {
            continue;
        }
        let Ok(crates) = std::fs::read_dir(registry.path()) else {
            continue;
        };
        for unpacked in crates.flatten() {
            if unpacked
                .file_name()
                .to_string_lossy()
                .starts_with("codemode")
            {
                remove_dir_if_present(&unpacked.path())?;
            }
        }
    }
    Ok(())
}

fn remove_dir_if_present(dir: &Path) -> Result<(), String> {
    match std::fs::remove_dir_all(dir) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("removing {}: {e}", dir.display())),
    }
}

/// Every cargo-fuzz target for `seconds` seconds each, through the smoke script.
fn fuzz_smoke(seconds: u32) -> Result<(), String> {
    run(Command::new("bash")
        .arg(root().join(".ci/fuzz-smoke"))
        .env("FUZZ_SECONDS", seconds.to_string()))
}

fn fuzz(args: &[String]) -> Result<(), String> {
    let seconds = match args {
        [flag, n] if flag == "--seconds" => n.parse::<u32>().map_err(|e| e.to_string())?,
        [] => 60,
        _ => return Err("usage: cargo xtask fuzz [--seconds N]".into()),
    };
    fuzz_smoke(seconds)
}
