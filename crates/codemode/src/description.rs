//! The text the model reads: the execute tool's description for the runtime's language.

use crate::builder::CodeMode;
use codemode_catalog::{Context, InlineCatalog};
use codemode_core::Language;

/// Bytes per token, for budgeting (a conservative average for English and code): a budget
/// of `n` tokens allows `4 * n` bytes of description.
pub const BYTES_PER_TOKEN: usize = 4;

/// Why no description fits.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DescriptionError {
    /// The budget does not hold the preamble (how to write a program, `search`, the limits)
    /// and the catalog's header; `minimum_tokens` does.
    #[error(
        "a description budget of {budget_tokens} tokens is below the minimum of \
         {minimum_tokens} tokens for this runtime"
    )]
    BudgetTooSmall {
        /// The budget asked for.
        budget_tokens: usize,
        /// The smallest budget that holds the description with no tool shown.
        minimum_tokens: usize,
    },
}

impl CodeMode {
    /// The execute tool's description: how to write a program in this runtime's language
    /// (the supported subset, `search`, return and data rules, limits) and an inline catalog
    /// within `budget_tokens`, marked COMPLETE or PARTIAL with counts per namespace.
    ///
    /// The whole text, preamble included, stays within `budget_tokens` (counted as
    /// [`BYTES_PER_TOKEN`] bytes each). A budget too small for the preamble and the catalog's
    /// header is [`DescriptionError::BudgetTooSmall`], which names the minimum.
    pub fn description(&self, budget_tokens: usize) -> Result<String, DescriptionError> {
        self.description_for(budget_tokens, &Context::none())
    }

    /// [`CodeMode::description`] as an execution with this context would see the catalog.
    pub fn description_for(
        &self,
        budget_tokens: usize,
        context: &Context,
    ) -> Result<String, DescriptionError> {
        let budget = budget_tokens.saturating_mul(BYTES_PER_TOKEN);
        let language = self.language();
        let opts = self.render_options();
        let root = match opts.root.global_name() {
            Some(name) => format!("`{name}.<namespace>.<tool>(input)`"),
            None => "`<namespace>.<tool>(input)` (each namespace is a global)".to_owned(),
        };
        let mut text = String::new();
        match language {
            Language::Lua => {
                text.push_str(
                    "Run a Lua 5.4 program that calls tools and returns one JSON value.\n\n",
                );
                text.push_str(&format!(
                    "- Call tools as {root}; a call waits for its result and returns a Lua table. A failed call raises an error you can catch with pcall.\n"
                ));
                text.push_str("- `search({ query = \"...\", namespace = ?, limit = ?, offset = ? })` finds tools and returns their signatures.\n");
                text.push_str("- End with `return value`: tables with keys 1..n are arrays, tables with string keys are objects; use json.null for null and json.array() for an empty array. Only the first returned value counts; no return gives null.\n");
                let call = |id: u8| match opts.root.global_name() {
                    Some(name) => format!("{name}.ns.get({{ id = {id} }})"),
                    None => format!("ns.get({{ id = {id} }})"),
                };
                text.push_str(&format!(
                    "- `parallel({{ f1, f2, ... }})` runs the functions as concurrent tasks, so their tool calls run at the same time; it returns their first results in order and raises the first failure after all finish: `local a = parallel({{ function() return {} end, function() return {} end }})`.\n",
                    call(1),
                    call(2)
                ));
                text.push_str("- print(...) goes to logs. Available: string, table, math, utf8, json, pairs/ipairs, pcall/error, metatables (setmetatable), goto, coroutines, load (text). Not available: io, os, require.\n");
            }
            Language::JavaScript => {
                text.push_str("Run a JavaScript program (the body of an async function) that calls tools and returns one JSON value.\n\n");
                text.push_str(&format!(
                    "- Call tools as `await {}`; each call returns a promise, so `await Promise.all([...])` runs independent calls concurrently. A failed call rejects; use try/catch.\n",
                    root.trim_matches('`')
                ));
                text.push_str("- `await search({ query: \"...\", namespace?, limit?, offset? })` finds tools and returns their signatures.\n");
                text.push_str("- `return value` (or end with an expression); the value must be JSON data: undefined becomes null, functions are not data.\n");
                text.push_str("- console.log goes to logs. Supported: let/const, functions, arrows, async/await, destructuring, spread, template literals, optional chaining, classes (extends, super, static members, fields, #private members), getters/setters, JSON, Math, Object/Array/String/Number methods, Promise, generators, RegExp, Map/Set, Date, Intl (en-US), BigInt (not JSON data: return String(n)).\n");
                text.push_str("- TypeScript type annotations are welcome: types, interfaces, type aliases, generics, `as`, `satisfies` and `!` are stripped before the program runs (enums, namespaces with values and parameter properties are not).\n");
            }
        }
        let limits = self.limits();
        let mut bounds = Vec::new();
        if let Some(t) = limits.timeout {
            bounds.push(format!("{} ms of time", t.as_millis()));
        }
        if let Some(n) = limits.max_tool_calls {
            bounds.push(format!("{n} tool calls"));
        }
        if let Some(n) = limits.max_output_bytes {
            bounds.push(format!("a {n}-byte result"));
        }
        if !bounds.is_empty() {
            text.push_str(&format!("- Limits: {}.\n", bounds.join(", ")));
        }
        text.push_str("\nsearch:\n");
        text.push_str(&codemode_catalog::search_signature(language));
        text.push('\n');

        let catalog = self.catalog_for(context);
        // The header's length depends on what fits; shrink the catalog's share until the
        // whole text is within budget (each round drops it by at least one byte). The counts
        // per namespace go only when even an empty catalog cannot carry them.
        let mut total = 0;
        for per_namespace in [true, false] {
            let mut share = budget.saturating_sub(text.len());
            loop {
                let inline = catalog.inline_catalog(&opts, share);
                let header = header(&inline, per_namespace);
                total = text.len() + header.len() + inline.text.len();
                if total <= budget {
                    text.push_str(&header);
                    text.push_str(&inline.text);
                    return Ok(text);
                }
                if share == 0 {
                    break;
                }
                share = share.saturating_sub(total - budget);
            }
        }
        Err(DescriptionError::BudgetTooSmall {
            budget_tokens,
            minimum_tokens: total.div_ceil(BYTES_PER_TOKEN),
        })
    }
}

/// The catalog's header line: COMPLETE, or PARTIAL with the counts (per namespace when
/// `per_namespace`).
fn header(inline: &InlineCatalog, per_namespace: bool) -> String {
    if inline.complete {
        return format!("\nTools (COMPLETE: all {} shown):\n", inline.total);
    }
    if !per_namespace {
        return format!(
            "\nTools (PARTIAL: {} of {} shown; search finds the rest):\n",
            inline.shown, inline.total
        );
    }
    let counts: Vec<String> = inline
        .per_namespace
        .iter()
        .map(|(ns, shown, total)| format!("{ns} {shown}/{total}"))
        .collect();
    format!(
        "\nTools (PARTIAL: {} of {} shown; search finds the rest; per namespace: {}):\n",
        inline.shown,
        inline.total,
        counts.join(", ")
    )
}
