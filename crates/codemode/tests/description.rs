//! The model-facing description: snapshots for both languages, and the budget.

mod support;

use codemode::{CodeMode, DescriptionError, Language, Tool, BYTES_PER_TOKEN};
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
    let text = runtime(Language::Lua).description(4000).unwrap();
    assert!(text.contains("COMPLETE"));
    insta::assert_snapshot!(text);
}

#[test]
fn javascript_description_complete() {
    let text = runtime(Language::JavaScript).description(4000).unwrap();
    assert!(text.contains("COMPLETE"));
    insta::assert_snapshot!(text);
}

#[test]
fn a_small_budget_gives_a_partial_catalog_within_budget() {
    let budget_tokens = 560;
    let text = runtime(Language::JavaScript)
        .description(budget_tokens)
        .unwrap();
    assert!(text.contains("PARTIAL"), "{text}");
    assert!(text.len() <= budget_tokens * 4, "{} bytes", text.len());
    insta::assert_snapshot!(text);
}

/// Every budget from far below the minimum to above the complete text: the description is
/// within it, preamble included, or the error names a minimum that is itself enough.
#[test]
fn every_budget_is_kept_or_refused_with_the_minimum() {
    for language in [Language::Lua, Language::JavaScript] {
        let rt = runtime(language);
        let complete = rt.description(100_000).unwrap().len();
        let mut minimum = None;
        for budget_tokens in 0..=complete.div_ceil(BYTES_PER_TOKEN) + 1 {
            match rt.description(budget_tokens) {
                Ok(text) => {
                    assert!(
                        text.len() <= budget_tokens * BYTES_PER_TOKEN,
                        "{language}: {} bytes for {budget_tokens} tokens",
                        text.len()
                    );
                    minimum.get_or_insert(budget_tokens);
                }
                Err(DescriptionError::BudgetTooSmall {
                    budget_tokens: asked,
                    minimum_tokens,
                }) => {
                    assert_eq!(asked, budget_tokens);
                    assert!(
                        minimum.is_none(),
                        "{language}: refused {budget_tokens} after a fit"
                    );
                    assert!(minimum_tokens > budget_tokens);
                    assert!(rt.description(minimum_tokens).is_ok());
                }
            }
        }
        assert!(minimum.is_some());
    }
}

#[test]
fn the_smallest_budget_shows_no_tool_and_says_so() {
    let rt = runtime(Language::Lua);
    let Err(DescriptionError::BudgetTooSmall { minimum_tokens, .. }) = rt.description(1) else {
        panic!("one token is too small");
    };
    let text = rt.description(minimum_tokens).unwrap();
    assert!(text.len() <= minimum_tokens * BYTES_PER_TOKEN);
    assert!(text.contains("PARTIAL: 0 of 5 shown"), "{text}");
    insta::assert_snapshot!(text);
    insta::assert_snapshot!(
        "below_the_minimum",
        rt.description(minimum_tokens - 1).unwrap_err().to_string()
    );
}
