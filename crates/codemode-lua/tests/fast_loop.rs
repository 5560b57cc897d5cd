//! The fast loop (vm/fast.rs) charges fuel as the general loop does, wherever the slices
//! end (inside calls, returns and loops the fast loop runs): the same value, and the same
//! fuel but for the one unit a frame pays on resuming mid-code after a slice ended. A
//! metamethod in a hot loop sends every iteration back to the general loop.

use codemode_core::{CompileOptions, Execution, StartOptions, StepState};
use codemode_lua::LuaInterpreter;
use serde_json::{json, Value};

/// Runs `src` in slices of `slice` fuel: its value, the fuel spent and the slice count.
fn run_sliced(src: &str, slice: u64) -> (Value, u64, u32) {
    let interp = LuaInterpreter::new();
    let program = interp
        .compile_lua(src, &CompileOptions::default())
        .expect("compiles");
    let mut exec = program.start_lua(StartOptions::default());
    let mut slices = 0;
    loop {
        slices += 1;
        match exec.step(slice).state {
            StepState::Running => continue,
            StepState::Done(c) => return (c.value, exec.fuel_used(), slices),
            other => panic!("{other:?}"),
        }
    }
}

const PROGRAMS: &[(&str, i64)] = &[
    (
        "local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end \
         return fib(16)",
        987,
    ),
    (
        "local s = 0 for i = 1, 3000 do s = s + (i % 7) * 3 end return s",
        26994,
    ),
    (
        "local s, x = 0, 0.5 for i = 10, 1, -1 do x = x * 1.5 s = s + i end \
         for f = 0.0, 2.0, 0.25 do s = s + 1 end return s + (x > 0 and 1 or 0)",
        65,
    ),
    (
        // An upvalue of an enclosing frame, comparisons of every kind, a tail call.
        "local k = 3 local function g(a, b) if a <= b and a ~= 0 and a >= 1 and a > 0 \
         then return a * k end return b end local t = 0 for i = 1, 200 do \
         t = t + g(i % 5, 4) end return t",
        1360,
    ),
    (
        // Closed upvalues holding functions (the fast loop keeps the last one read): two
        // closures with the same upvalue index, each set again between calls.
        "local function make(tag) local self local function rec(n) if n == 0 then \
         return tag end return self(n - 1) end self = rec \
         return rec, function(f) self = f end end \
         local a, seta = make(1) local b, setb = make(2) local s = 0 for i = 1, 50 do \
         s = s + a(i % 4) * 10 + b(i % 3) \
         if i == 25 then seta(function() return 5 end) end \
         if i == 40 then setb(function(n) return n * 3 end) end end return s",
        1358,
    ),
    (
        // A metamethod in the loop: the fast loop hands every `+` to the general loop.
        "local mt = {__add = function(a, b) return a.v + b end} local o = setmetatable({v = 2}, mt) \
         local s = 0 for i = 1, 500 do s = s + (o + i) end return s",
        126250,
    ),
];

#[test]
fn fuel_and_values_do_not_depend_on_the_slices() {
    for (src, want) in PROGRAMS {
        let (value, fuel, _) = run_sliced(src, 1 << 40);
        assert_eq!(value, json!(want), "{src}");
        for slice in [1, 2, 3, 7, 31, 100, 997] {
            let (v, f, slices) = run_sliced(src, slice);
            assert_eq!(v, json!(want), "{src} in slices of {slice}");
            let resumes = u64::from(slices - 1);
            assert!(
                f >= fuel && f <= fuel + resumes,
                "{src} in slices of {slice}: {f} fuel, {fuel} in one slice, {resumes} resumes"
            );
            // A slice ends at the first charge that exhausts it (a frame's entry charges
            // up to 32 at once), so slices may overshoot, but each makes progress.
            assert!(
                slice >= fuel || slices > 1,
                "{src}: {slices} slices of {slice}"
            );
        }
    }
}
