//! Renders a diagnostic for people on stderr, with the source line and a caret.

use ariadne::{Config, Label, Report, ReportKind, Source};
use codemode::Diagnostic;
use std::io::IsTerminal;

pub fn diagnostic(name: &str, source: &str, d: &Diagnostic) {
    let Some(location) = d.location else {
        eprintln!("{}: {}", d.kind, d.message);
        print_suggestions(d);
        return;
    };
    // ariadne works in character offsets.
    let mut offset = 0usize;
    for (i, line) in source.split_inclusive('\n').enumerate() {
        if i + 1 == location.line as usize {
            let col = (location.column as usize).saturating_sub(1);
            offset += col.min(line.trim_end_matches('\n').chars().count());
            break;
        }
        offset += line.chars().count();
    }
    let total = source.chars().count();
    let start = offset.min(total);
    let end = (start + 1).min(total).max(start);
    let mut report = Report::build(ReportKind::Error, (name, start..end))
        .with_config(Config::default().with_color(std::io::stderr().is_terminal()))
        .with_message(format!("{}: {}", d.kind, d.message))
        .with_label(Label::new((name, start..end)).with_message(d.kind.as_str()));
    if !d.suggestions.is_empty() {
        report = report.with_help(format!("did you mean {}?", d.suggestions.join(", ")));
    }
    if report
        .finish()
        .eprint((name, Source::from(source)))
        .is_err()
    {
        eprintln!("{}: {}", d.kind, d.message);
    }
}

fn print_suggestions(d: &Diagnostic) {
    if !d.suggestions.is_empty() {
        eprintln!("help: did you mean {}?", d.suggestions.join(", "));
    }
}
