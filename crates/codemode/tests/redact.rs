//! The redaction hook, as a Rust host uses it: secrets it registers and text functions reach
//! neither the program nor anything in the result.

use codemode::{CodeMode, Language, Tool, ToolError, REDACTED};
use serde_json::{json, Value};
use std::borrow::Cow;

const SECRET: &str = "s3cr3t-token";

/// A tool that answers with the secret in a value, in an object key, and (for `fail`) in its
/// error message, as a careless backend would.
fn leaky() -> Vec<Tool> {
    let echo = Tool::new(
        "api.echo",
        "Echo",
        json!({"type": "object"}),
        |_: Value, _| async {
            Ok(json!({
                "auth": format!("Bearer {SECRET}"),
                "json": format!("{{\"auth\":\"Bearer {SECRET}\"}}"),
                SECRET: "as a key",
            }))
        },
    )
    .unwrap();
    let fail = Tool::new(
        "api.fail",
        "Fail",
        json!({"type": "object"}),
        |_: Value, _| async {
            Err(ToolError::new(format!(
                r#"HTTP 401: {{"auth":"Bearer {SECRET}"}}"#
            )))
        },
    )
    .unwrap();
    vec![echo, fail]
}

fn runtime(language: Language) -> CodeMode {
    CodeMode::builder()
        .language(language)
        .tools(leaky())
        .redact_secret(SECRET)
        .build()
        .unwrap()
}

fn assert_clean(result: &codemode::ExecutionResult) {
    let text = result.to_json().to_string();
    assert!(!text.contains(SECRET), "leaked: {text}");
    assert!(!format!("{result:?}").contains(SECRET), "leaked in Debug");
}

#[tokio::test]
async fn tool_outputs_are_scrubbed_before_the_program_sees_them() {
    // The program looks for the secret in what it got and tries to smuggle it out reversed:
    // it never had it.
    let result = runtime(Language::Lua)
        .execute(
            r#"
local r = tools.api.echo()
local found = 0
for k, v in pairs(r) do
  if string.find(k, "s3cr3t", 1, true) or string.find(v, "s3cr3t", 1, true) then found = found + 1 end
end
local ok, e = pcall(tools.api.fail, {})
return { found = found, reversed = string.reverse(r.auth), auth = r.auth, json = r.json,
         keys = r["[REDACTED]"], err = e, err_has = string.find(e, "s3cr3t", 1, true) ~= nil }
"#,
        )
        .await;
    let value = result
        .value()
        .unwrap_or_else(|| panic!("{:?}", result.error()));
    assert_eq!(value["found"], 0);
    assert_eq!(value["auth"], json!(format!("Bearer {REDACTED}")));
    assert_eq!(
        value["json"],
        json!(format!("{{\"auth\":\"Bearer {REDACTED}\"}}"))
    );
    assert_eq!(value["keys"], "as a key");
    assert_eq!(value["err_has"], false);
    assert_eq!(
        value["reversed"],
        json!(format!("Bearer {REDACTED}")
            .chars()
            .rev()
            .collect::<String>())
    );
    // The call records carry the scrubbed error the program saw.
    assert_eq!(
        result.tool_calls[1].error.as_deref(),
        Some(format!(r#"HTTP 401: {{"auth":"Bearer {REDACTED}"}}"#).as_str())
    );
    assert_clean(&result);
}

#[tokio::test]
async fn the_result_is_scrubbed_everywhere_it_could_carry_a_secret() {
    // A program that has the secret in its own source (the model guessed or was told it):
    // value strings and keys, logs, call inputs and the diagnostic are scrubbed on the way out.
    let js = runtime(Language::JavaScript)
        .execute(
            r#"
console.log("token is s3cr3t-token");
await tools.api.echo({ token: "s3cr3t-token", ["s3cr3t-token"]: 1 });
return { "s3cr3t-token": ["x s3cr3t-token y"], url: "https://h/?t=s3cr3t-token" };
"#,
        )
        .await;
    let value = js.value().unwrap_or_else(|| panic!("{:?}", js.error()));
    assert_eq!(
        value,
        &json!({ REDACTED: [format!("x {REDACTED} y")], "url": format!("https://h/?t={REDACTED}") })
    );
    assert_eq!(js.logs, vec![format!("token is {REDACTED}")]);
    assert_eq!(
        js.tool_calls[0].input,
        json!({ "token": REDACTED, REDACTED: 1 })
    );
    assert_clean(&js);

    let lua = runtime(Language::Lua)
        .execute(r#"error("cannot use s3cr3t-token here")"#)
        .await;
    let error = lua.error().expect("fails");
    assert!(error.message.contains(REDACTED), "{}", error.message);
    assert_clean(&lua);
    let uncaught = runtime(Language::Lua)
        .execute("return tools.api.fail()")
        .await;
    assert!(uncaught.error().is_some());
    assert_clean(&uncaught);
}

#[tokio::test]
async fn derived_forms_and_text_functions() {
    // Percent-encoded (a query string), base64 (a basic header) and JSON-escaped forms of a
    // registered secret; and a host function for what is not a fixed string.
    let password = "alice:p@ss w\"rd";
    let rt = CodeMode::builder()
        .language(Language::Lua)
        .redact_secret(password)
        .redact_with(|text| {
            if text.contains("10.0.") {
                Cow::Owned(text.replace("10.0.", "x.x."))
            } else {
                Cow::Borrowed(text)
            }
        })
        .build()
        .unwrap();
    let result = rt
        .execute(
            r#"return {
  "q=alice%3Ap%40ss%20w%22rd&x=1",
  "q=alice%3ap%40ss+w%22rd",
  "Authorization: Basic YWxpY2U6cEBzcyB3InJk",
  '{"p":"alice:p@ss w\\"rd"}',
  "from 10.0.0.7",
}"#,
        )
        .await;
    assert_eq!(
        result.value(),
        Some(&json!([
            format!("q={REDACTED}&x=1"),
            format!("q={REDACTED}"),
            format!("Authorization: Basic {REDACTED}"),
            format!("{{\"p\":\"{REDACTED}\"}}"),
            "from x.x.0.7",
        ]))
    );
}

#[tokio::test]
async fn without_secrets_nothing_changes() {
    let rt = CodeMode::builder()
        .language(Language::Lua)
        .tools(leaky())
        .build()
        .unwrap();
    assert!(rt.redactor().is_empty());
    let result = rt.execute("return tools.api.echo().auth").await;
    assert_eq!(result.value(), Some(&json!(format!("Bearer {SECRET}"))));
}
