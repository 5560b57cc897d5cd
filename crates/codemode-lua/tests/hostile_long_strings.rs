//! A library call or an arithmetic instruction over a long string does work its one
//! instruction does not show: it charges fuel by the string's length, so a loop of such
//! calls over a 1 MiB string runs out of fuel instead of running unmetered past its
//! deadline.

mod common;

use codemode_core::{DiagnosticKind, VmLimits};
use common::{run, run_limits};
use serde_json::json;

#[test]
fn reading_a_long_string_charges_by_its_length() {
    for expr in [
        "k + 1",
        "-k",
        "tonumber(k)",
        "tonumber(k, 16)",
        "math.tointeger(k)",
        "string.format('%d', k)",
        "load(k)",
        "string.unpack('z', k)",
        "error(k)",
        "assert(false, k)",
        "k:upper()",
    ] {
        let src = format!(
            "local k = string.rep('1', 1 << 20)
             for i = 1, 2000 do pcall(function() return {expr} end) end
             return 'finished'"
        );
        let out = run_limits(
            &src,
            VmLimits {
                max_fuel: 2_000_000,
                ..VmLimits::default()
            },
        );
        assert_eq!(
            out.result.map_err(|d| d.kind),
            Err(DiagnosticKind::TimeoutExceeded),
            "{expr}"
        );
    }
}

#[test]
fn long_numerals_still_read_as_lua_reads_them() {
    let out = run("local k = string.rep('0', 100000) .. '12'
         return { k + 1, tonumber(k), math.tointeger(k .. '.0'), tonumber(' ' .. k .. ' ', 10) }");
    assert_eq!(out.result.unwrap(), json!([13, 12, 12, 12]));
}
