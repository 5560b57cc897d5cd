//! Bytecode listings (insta): what the compiler and the peephole pass (`fuse.rs`) make of
//! the hot shapes. A change here is a change in what every loop iteration dispatches.

use codemode_js::JsInterpreter;

fn listing(source: &str) -> String {
    JsInterpreter::new()
        .disassemble(source)
        .expect("the program compiles")
}

#[test]
fn counting_loop() {
    insta::assert_snapshot!(listing(
        r#"
let s = 0;
for (let i = 1; i <= 100; i++) {
  s = s + (i % 7) * 3;
}
return s;
"#
    ));
}

#[test]
fn recursive_function() {
    insta::assert_snapshot!(listing(
        r#"
function fib(n) {
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 2);
}
return fib(20);
"#
    ));
}

#[test]
fn captured_loop_variable_keeps_its_cells() {
    insta::assert_snapshot!(listing(
        r#"
const fs = [];
for (let i = 0; i < 3; i++) fs.push(() => i);
return fs.map((f) => f());
"#
    ));
}

#[test]
fn declarations_in_switch_cases_keep_their_dead_zone_checks() {
    insta::assert_snapshot!(listing(
        r#"
switch (1) {
  case 0: let y = 1; break;
  case 1: y = 2;
}
let z = 1;
z = z + 1;
return z;
"#
    ));
}

#[test]
fn generator_stops_after_its_parameters_and_resumes_at_each_yield() {
    insta::assert_snapshot!(listing(
        r#"
function* pages(size = 10) {
  try {
    const got = yield size;
    yield* [got];
  } finally {
    size = 0;
  }
}
return pages;
"#
    ));
}
