//! `string.format`'s plain fast path (stdlib/format_fast.rs) charges the fuel the general
//! path charges and fails where it fails. The general path runs for the same call when an
//! object is among the arguments (even unused), so each case runs twice, with an extra
//! `false` (fast) and an extra `{}` (general) argument: same value, same fuel, whatever
//! the budget. (A missing argument cannot be tested so: the extra one fills it; the
//! differential corpus has it, format_plain_conversions.lua.)

use codemode_core::{CompileOptions, Execution, StartOptions, StepState, VmLimits};
use codemode_lua::LuaInterpreter;
use serde_json::Value;

/// Runs `src` in slices of `slice` fuel under `limits`: its value (or error text) and
/// the fuel spent.
fn run(src: &str, slice: u64, limits: VmLimits) -> (Result<Value, String>, u64) {
    let interp = LuaInterpreter::new();
    let options = CompileOptions {
        limits,
        ..CompileOptions::default()
    };
    let program = interp.compile_lua(src, &options).expect("compiles");
    let mut exec = program.start_lua(StartOptions::default());
    loop {
        match exec.step(slice).state {
            StepState::Running => continue,
            StepState::Done(c) => return (Ok(c.value), exec.fuel_used()),
            StepState::Failed(d) => return (Err(d.message), exec.fuel_used()),
            StepState::Waiting => panic!("no host calls here"),
        }
    }
}

const CASES: &[&str] = &[
    r#""%s-%d", "row", i"#,
    r#""%s|%s|%s|%s", nil, true, false, "" .. i"#,
    r#""%d %i|", i + 0.0, -i"#,
    r#""100%% of %d%%!", i"#,
    r#"("long literal text, more than sixteen bytes: %s; %d"):rep(3), ("x"):rep(40), i, ("y"):rep(40), i, "z", i"#,
    r#""%s%s", ("x"):rep(200), ("y"):rep(i)"#,
    r#""%s", ("x"):rep(250 + i % 10)"#,
    r#""%d", i / 2"#,
];

fn program(args: &str, extra: &str) -> String {
    format!(
        "local x = {extra} local t = {{}} for i = 1, 40 do \
         local ok, r = pcall(string.format, {args}, x) t[#t + 1] = tostring(ok) .. ':' .. r end \
         return t"
    )
}

#[test]
fn the_fast_path_charges_what_the_general_path_charges() {
    for args in CASES {
        let fast = program(args, "false");
        let general = program(args, "{}");
        let (want, want_fuel) = run(&general, 1 << 40, VmLimits::default());
        let (got, got_fuel) = run(&fast, 1 << 40, VmLimits::default());
        assert_eq!(got, want, "{args}");
        assert_eq!(got_fuel, want_fuel, "{args}");
        assert!(want.is_ok(), "{args}: {want:?}");
    }
}

#[test]
fn the_fast_path_runs_dry_where_the_general_path_does() {
    for args in CASES {
        let fast = program(args, "false");
        let general = program(args, "{}");
        let (_, full) = run(&general, 1 << 40, VmLimits::default());
        for max_fuel in [full / 3, full / 2, full - 1, full] {
            let limits = VmLimits {
                max_fuel,
                ..VmLimits::default()
            };
            for slice in [7, 1000] {
                let want = run(&general, slice, limits.clone());
                let got = run(&fast, slice, limits.clone());
                assert_eq!(
                    got, want,
                    "{args} with {max_fuel} fuel in slices of {slice}"
                );
            }
        }
    }
}

#[test]
fn the_fast_path_stops_at_the_string_limit() {
    for max_string_len in [0, 5, 40, 100] {
        let limits = VmLimits {
            max_string_len,
            ..VmLimits::default()
        };
        for args in CASES {
            let want = run(&program(args, "{}"), 1 << 40, limits.clone());
            let got = run(&program(args, "false"), 1 << 40, limits.clone());
            assert_eq!(got, want, "{args} with strings up to {max_string_len}");
        }
    }
}
