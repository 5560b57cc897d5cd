//! Tools defined from Rust types: schemas from schemars, validation, signatures, calls.

use codemode_catalog::{
    signature, CallContext, Catalog, Context, RenderOptions, SignatureForm, Tool, ToolError,
};
use codemode_core::{Language, ToolRoot};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// Find one order.
#[derive(Deserialize, JsonSchema)]
struct LookupInput {
    /// The order id.
    id: u32,
    /// Include the order lines.
    #[serde(default)]
    verbose: bool,
}

#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum Status {
    Open,
    Complete,
}

#[derive(Serialize, JsonSchema)]
struct Order {
    id: u32,
    status: Status,
    lines: Option<Vec<String>>,
}

fn lookup() -> Tool {
    Tool::typed(
        "orders.lookup",
        "Look up an order by id.",
        |input: LookupInput, cx: CallContext| async move {
            if input.id == 0 {
                return Err(ToolError::new("no order 0").with_detail(format!("path {}", cx.path)));
            }
            Ok(Order {
                id: input.id,
                status: if input.id % 2 == 0 {
                    Status::Complete
                } else {
                    Status::Open
                },
                lines: input.verbose.then(|| vec!["apple".to_owned()]),
            })
        },
    )
    .unwrap()
}

#[test]
fn typed_tool_signatures() {
    let tool = lookup();
    let js = RenderOptions::default();
    let lua = RenderOptions::new(Language::Lua, ToolRoot::Tools);
    let text = format!(
        "{}\n\n{}\n\n{}\n\n{}",
        signature(&tool, &js, SignatureForm::Compact),
        signature(&tool, &js, SignatureForm::Full),
        signature(&tool, &lua, SignatureForm::Compact),
        signature(&tool, &lua, SignatureForm::Full),
    );
    insta::assert_snapshot!(text);
    assert!(text.starts_with(
        "tools.orders.lookup(input: { id: number; verbose?: boolean }): Promise<{ id: number; status: \"open\" | \"complete\"; lines?: string[] | null }>"
    ), "{text}");
}

#[tokio::test]
async fn typed_tool_validates_and_runs() {
    let catalog = Catalog::new(vec![lookup()], vec![]).unwrap();
    let tool = catalog.lookup_dotted("orders.lookup").unwrap();
    assert!(tool.validate_input(&json!({"id": 3})).is_ok());
    let err = tool.validate_input(&json!({"id": "3"})).unwrap_err();
    assert!(err.contains("/id"), "{err}");
    assert!(tool.validate_input(&json!({"verbose": true})).is_err());
    let out = tool
        .call(json!({"id": 4, "verbose": true}), Context::none())
        .await
        .unwrap();
    assert_eq!(
        out,
        json!({"id": 4, "status": "complete", "lines": ["apple"]})
    );
    assert!(tool.validate_output(&out).is_ok());
    assert!(tool
        .validate_output(&json!({"id": 4, "status": "lost"}))
        .is_err());
    let failure = tool
        .call(json!({"id": 0}), Context::none())
        .await
        .unwrap_err();
    assert_eq!(failure.message, "no order 0");
    assert_eq!(failure.detail.as_deref(), Some("path orders.lookup"));
    // Input the handler cannot decode fails as a tool error, not a panic.
    let bad = tool
        .call(json!({"id": -1}), Context::none())
        .await
        .unwrap_err();
    assert!(bad.message.starts_with("invalid input"), "{}", bad.message);
}
