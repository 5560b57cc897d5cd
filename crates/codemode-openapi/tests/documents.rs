//! Conversion snapshots over the real documents in fixtures/openapi/.

use codemode_openapi::{from_spec, Conversion, OpenApiOptions};
use std::collections::BTreeMap;
use std::fmt::Write;

macro_rules! fixture {
    ($name:literal) => {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/openapi/",
            $name
        )
    };
}

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

/// Every tool with its schemas (compact JSON), then the skipped operations and namespaces.
fn render(conversion: &Conversion) -> String {
    let mut out = String::new();
    for tool in &conversion.tools {
        let first_line = tool.description().lines().next().unwrap_or("");
        writeln!(out, "{}  // {}", tool.path(), first_line).unwrap();
        writeln!(out, "  in:  {}", tool.input_schema()).unwrap();
        match tool.output_schema() {
            Some(schema) => writeln!(out, "  out: {schema}").unwrap(),
            None => writeln!(out, "  out: (none)").unwrap(),
        }
    }
    for s in &conversion.skipped {
        writeln!(out, "skipped {} {}: {}", s.method, s.path, s.reason).unwrap();
    }
    for (ns, description) in &conversion.namespaces {
        writeln!(
            out,
            "namespace {ns}: {}",
            description.lines().next().unwrap_or("")
        )
        .unwrap();
    }
    out
}

fn convert(path: &str) -> Conversion {
    from_spec(&read(path), OpenApiOptions::default()).expect("converts")
}

#[test]
fn petstore() {
    insta::assert_snapshot!(render(&convert(fixture!("oai-petstore.yaml"))));
}

#[test]
fn petstore_expanded() {
    insta::assert_snapshot!(render(&convert(fixture!("oai-petstore-expanded.yaml"))));
}

#[test]
fn uspto() {
    insta::assert_snapshot!(render(&convert(fixture!("oai-uspto.yaml"))));
}

#[test]
fn api_with_examples() {
    insta::assert_snapshot!(render(&convert(fixture!("oai-api-with-examples.yaml"))));
}

#[test]
fn callback_example() {
    insta::assert_snapshot!(render(&convert(fixture!("oai-callback-example.yaml"))));
}

#[test]
fn link_example() {
    insta::assert_snapshot!(render(&convert(fixture!("oai-link-example.yaml"))));
}

#[test]
fn fastapi_inventory_3_1() {
    insta::assert_snapshot!(render(&convert(fixture!("fastapi-inventory-3.1.json"))));
}

/// GitHub's 1,223 operations: a summary rather than every schema.
#[test]
fn github_summary() {
    let conversion = convert(fixture!("github-api.json"));
    let mut out = String::new();
    let total_ops = conversion.tools.len() + conversion.skipped.len();
    writeln!(out, "operations: {total_ops}").unwrap();
    writeln!(out, "tools: {}", conversion.tools.len()).unwrap();
    writeln!(out, "skipped: {}", conversion.skipped.len()).unwrap();
    writeln!(out, "namespaces described: {}", conversion.namespaces.len()).unwrap();
    let input_bytes: usize = conversion
        .tools
        .iter()
        .map(|t| t.input_schema().to_string().len())
        .sum();
    let output_bytes: usize = conversion
        .tools
        .iter()
        .filter_map(|t| t.output_schema())
        .map(|s| s.to_string().len())
        .sum();
    writeln!(out, "input schema JSON bytes: {input_bytes}").unwrap();
    writeln!(out, "output schema JSON bytes: {output_bytes}").unwrap();
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for s in &conversion.skipped {
        *reasons.entry(s.reason.clone()).or_default() += 1;
    }
    writeln!(out, "\nskipped reasons:").unwrap();
    for (reason, n) in &reasons {
        writeln!(out, "  {n:4}  {reason}").unwrap();
    }
    writeln!(out, "\nfirst 50 tools:").unwrap();
    for tool in conversion.tools.iter().take(50) {
        writeln!(out, "  {}", tool.path()).unwrap();
    }
    writeln!(out, "\nlast 50 tools:").unwrap();
    let skip = conversion.tools.len().saturating_sub(50);
    for tool in conversion.tools.iter().skip(skip) {
        writeln!(out, "  {}", tool.path()).unwrap();
    }
    writeln!(out, "\nnamespaces:").unwrap();
    for (ns, d) in &conversion.namespaces {
        writeln!(out, "  {ns}: {}", d.lines().next().unwrap_or("")).unwrap();
    }
    insta::assert_snapshot!(out);

    // Every path is unique, and a tool's input always is an object schema.
    let mut paths = std::collections::HashSet::new();
    for tool in &conversion.tools {
        assert!(
            paths.insert(tool.path().dotted()),
            "duplicate {}",
            tool.path()
        );
        assert_eq!(tool.input_schema()["type"], "object");
    }
    assert_eq!(total_ops, 1223);
}

/// One full GitHub tool, to see what a deep $ref graph turns into.
#[test]
fn github_one_tool() {
    let conversion = convert(fixture!("github-api.json"));
    let tool = conversion
        .tools
        .iter()
        .find(|t| t.path().dotted() == "issues.create")
        .expect("issues.create exists");
    insta::assert_snapshot!(format!(
        "{}\n\n{}\n\nin: {}\n",
        tool.path(),
        tool.description(),
        serde_json::to_string_pretty(tool.input_schema()).unwrap()
    ));
}

/// The validator accepts every generated schema (the driver compiles them on first use).
#[test]
fn every_schema_compiles() {
    for path in [
        fixture!("oai-petstore.yaml"),
        fixture!("oai-petstore-expanded.yaml"),
        fixture!("oai-uspto.yaml"),
        fixture!("oai-api-with-examples.yaml"),
        fixture!("oai-callback-example.yaml"),
        fixture!("oai-link-example.yaml"),
        fixture!("fastapi-inventory-3.1.json"),
        fixture!("github-api.json"),
    ] {
        for tool in convert(path).tools {
            if let Err(e) = tool.check_schemas() {
                panic!("{path}: {e}");
            }
        }
    }
}
