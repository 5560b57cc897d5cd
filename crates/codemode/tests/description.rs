//! The model-facing description: snapshots for both languages, and the budget.

mod support;

use codemode::{CodeMode, Language, Tool};
use serde_json::{json, Value};
use support::ScriptInterpreter;

fn tools() -> Vec<Tool> {
    let mut tools = Vec::new();
    for (path, description) in [
        ("orders.lookup-by-id", "Look up an order by its ID"),
        ("orders.list", "List recent orders"),
        ("billing.invoices.list", "List invoices for a customer"),
        ("billing.invoices.send", "Email an invoice to the customer"),
        ("warehouse.stock", "Current stock level of a product"),
    ] {
        tools.push(
            Tool::new(
                path,
                description,
                json!({"type": "object", "properties": {"id": {"type": "string", "description": "The identifier"}}, "required": ["id"]}),
                |_: Value, _| async { Ok(Value::Null) },
            )
            .unwrap(),
        );
    }
    tools
}

fn runtime(language: Language) -> CodeMode {
    let interpreter = match language {
        Language::Lua => ScriptInterpreter::lua(),
        Language::JavaScript => ScriptInterpreter::js(),
    };
    CodeMode::builder()
        .language(language)
        .interpreter(interpreter)
        .tools(tools())
        .namespace("orders", "Purchases and shipments")
        .build()
        .unwrap()
}

#[test]
fn lua_description_complete() {
    let text = runtime(Language::Lua).description(4000);
    assert!(text.contains("COMPLETE"));
    insta::assert_snapshot!(text);
}

#[test]
fn javascript_description_complete() {
    let text = runtime(Language::JavaScript).description(4000);
    assert!(text.contains("COMPLETE"));
    insta::assert_snapshot!(text);
}

#[test]
fn a_small_budget_gives_a_partial_catalog_within_budget() {
    let budget_tokens = 560;
    let text = runtime(Language::JavaScript).description(budget_tokens);
    assert!(text.contains("PARTIAL"), "{text}");
    assert!(text.len() <= budget_tokens * 4, "{} bytes", text.len());
    insta::assert_snapshot!(text);
}
