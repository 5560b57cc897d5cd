mod common;
use common::run;
use serde_json::json;

#[test]
fn arithmetic_and_returns() {
    assert_eq!(run("return 1 + 2 * 3").result.unwrap(), json!(7));
    assert_eq!(
        run("local a, b = 7, 2 return a // b, a % b")
            .result
            .unwrap(),
        json!(3)
    );
    assert_eq!(run("return 7 / 2").result.unwrap(), json!(3.5));
}
