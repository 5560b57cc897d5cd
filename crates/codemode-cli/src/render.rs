//! Renders a diagnostic for people on stderr, with the source line and a caret. Only a
//! window of the located line is rendered, and the message is cut, so a 50 MB one-line
//! program or a 60 MB error message costs a scan, not a render of all of it (the JSON result
//! on stdout carries the whole message).

use crate::output::say;
use ariadne::{Config, Label, Report, ReportKind, Source};
use codemode::Diagnostic;
use std::io::{IsTerminal, Write};

/// Characters of the located line shown on each side of the location.
const CONTEXT_CHARS: usize = 60;

/// Characters of the message shown.
const MESSAGE_CHARS: usize = 2_000;

pub fn diagnostic(name: &str, source: &str, d: &Diagnostic) {
    let message = format!("{}: {}", d.kind, cut_message(&d.message));
    let Some(location) = d.location else {
        say(&message);
        print_suggestions(d);
        return;
    };
    let window = Window::around(source, location.line as usize, location.column as usize);
    // ariadne numbers lines from the start of the text it is given (its display offset
    // moves the header's number but not the margin's), so empty lines stand for the ones
    // before the window: one byte each, and the long line itself is never given whole.
    let first_line = window.line - usize::from(window.line_start > 0);
    let padding = first_line - 1;
    let mut text = String::with_capacity(padding + window.text.len() + 1);
    text.extend(std::iter::repeat_n('\n', padding));
    text.push_str(&window.text);
    let mut chars = padding + window.chars;
    if window.chars == window.line_start {
        // ariadne has no line after a final line break: give the blank line a character.
        text.push(' ');
        chars += 1;
    }
    let at = padding + window.line_start + window.caret;
    // A location on a blank line (the end of the file, mostly) points at nothing to read:
    // the label starts at the end of the line before, where the unfinished code is.
    let from = if window.line_start > 1 {
        padding + window.line_start - 2
    } else {
        at
    };
    let span = from..(at + 1).min(chars).max(at);
    let mut report = Report::build(ReportKind::Error, (name, at..span.end))
        .with_config(Config::default().with_color(std::io::stderr().is_terminal()))
        .with_message(&message)
        .with_label(Label::new((name, span)).with_message(d.kind.as_str()));
    if !d.suggestions.is_empty() {
        report = report.with_help(format!("did you mean {}?", d.suggestions.join(", ")));
    }
    let mut rendered = Vec::new();
    if report
        .finish()
        .write((name, Source::from(text.as_str())), &mut rendered)
        .is_err()
    {
        say(&message);
        return;
    }
    // ariadne numbers columns within the text it is given, which starts where the window
    // does; the header names the column in the whole line.
    let rendered = String::from_utf8_lossy(&rendered).replacen(
        &format!("{name}:{}:{}", window.line, window.caret + 1),
        &format!("{name}:{}:{}", window.line, window.column),
        1,
    );
    let _ = std::io::stderr().lock().write_all(rendered.as_bytes());
}

/// What is shown of the source: a window of the located line, after the line before it when
/// the located line is blank.
#[derive(Debug, PartialEq)]
struct Window {
    /// The shown characters, with "…" where a line was cut.
    text: String,
    /// Characters in `text`.
    chars: usize,
    /// Character offset in `text` where the located line starts (0 without a line before).
    line_start: usize,
    /// Character offset of the location in the located line's window.
    caret: usize,
    /// 1-based line and column (in characters) of the location in the source.
    line: usize,
    column: usize,
}

impl Window {
    /// The window of line `line` around column `column` (both 1-based); a location past the
    /// end of its line or of the source is clamped to that end.
    fn around(source: &str, line: usize, column: usize) -> Window {
        let mut start = 0;
        let mut number = 1;
        while number < line {
            match source[start..].find('\n') {
                Some(i) => {
                    start += i + 1;
                    number += 1;
                }
                None => break,
            }
        }
        let text = line_at(source, start);
        let wanted = column.saturating_sub(1);
        let last = wanted.saturating_add(CONTEXT_CHARS);
        // Scans the line only up to the window's end.
        let mut to = text.len();
        let mut seen = 0;
        for (chars, (byte, _)) in text.char_indices().enumerate() {
            if chars == last {
                to = byte;
                break;
            }
            seen = chars + 1;
        }
        let caret_in_line = wanted.min(seen);
        let first = caret_in_line.saturating_sub(CONTEXT_CHARS);
        let from = text.char_indices().nth(first).map_or(to, |(byte, _)| byte);
        let mut shown = String::new();
        if text.trim().is_empty() && start > 0 {
            // The end of the line before, where an unfinished statement usually is.
            let before = source[..start - 1].rfind('\n').map_or(0, |i| i + 1);
            let before = line_at(source, before);
            let keep = 2 * CONTEXT_CHARS;
            match before.char_indices().rev().nth(keep - 1) {
                Some((byte, _)) if byte > 0 => {
                    shown.push('…');
                    shown.push_str(&before[byte..]);
                }
                _ => shown.push_str(before),
            }
            shown.push('\n');
        }
        let line_start = shown.chars().count();
        if first > 0 {
            shown.push('…');
        }
        shown.push_str(&text[from..to]);
        if to < text.len() {
            shown.push('…');
        }
        Window {
            chars: shown.chars().count(),
            text: shown,
            line_start,
            caret: caret_in_line - first + usize::from(first > 0),
            line: number,
            column: caret_in_line + 1,
        }
    }
}

/// The line that starts at byte `start`, without its line break.
fn line_at(source: &str, start: usize) -> &str {
    let text = source[start..].split('\n').next().unwrap_or("");
    text.strip_suffix('\r').unwrap_or(text)
}

/// The message, cut to [`MESSAGE_CHARS`] characters with a note of what was left out.
fn cut_message(message: &str) -> std::borrow::Cow<'_, str> {
    match message.char_indices().nth(MESSAGE_CHARS) {
        None => message.into(),
        Some((end, _)) => format!(
            "{}… ({} more bytes in the JSON result)",
            &message[..end],
            message.len() - end
        )
        .into(),
    }
}

fn print_suggestions(d: &Diagnostic) {
    if !d.suggestions.is_empty() {
        say(&format!("help: did you mean {}?", d.suggestions.join(", ")));
    }
}

#[cfg(test)]
mod tests {
    use super::{cut_message, Window, CONTEXT_CHARS};

    #[test]
    fn a_short_line_is_shown_whole() {
        let w = Window::around("local a = 1\nreturn b +\nend", 2, 8);
        assert_eq!(w.text, "return b +");
        assert_eq!((w.line, w.column, w.caret), (2, 8, 7));
    }

    #[test]
    fn a_long_line_is_cut_around_the_location() {
        let line = format!("{}X{}", "a".repeat(1_000_000), "b".repeat(1_000_000));
        let w = Window::around(&line, 1, 1_000_001);
        assert_eq!(w.chars, 2 * CONTEXT_CHARS + 2);
        assert!(w.text.starts_with('…') && w.text.ends_with('…'));
        assert_eq!(w.text.chars().nth(w.caret), Some('X'));
        assert_eq!((w.line, w.column), (1, 1_000_001));
    }

    #[test]
    fn locations_past_the_end_are_clamped() {
        let w = Window::around("ab\ncd\nef", 2, 9);
        assert_eq!(
            (w.text.as_str(), w.line, w.column, w.caret),
            ("cd", 2, 3, 2)
        );
        let w = Window::around("ab\ncd\n", 9, 9);
        assert_eq!(
            (w.text.as_str(), w.line, w.column, w.caret),
            ("cd\n", 3, 1, 0)
        );
        assert_eq!(w.line_start, 3);
        let w = Window::around("", 1, 1);
        assert_eq!((w.text.as_str(), w.line, w.column, w.caret), ("", 1, 1, 0));
    }

    #[test]
    fn multibyte_characters_count_as_one_column() {
        let w = Window::around("é = ü", 1, 5);
        assert_eq!((w.caret, w.column), (4, 5));
        assert_eq!(w.text.chars().nth(w.caret), Some('ü'));
    }

    #[test]
    fn long_messages_are_cut() {
        assert_eq!(cut_message("short"), "short");
        let long = "E".repeat(10_000);
        let cut = cut_message(&long);
        assert!(cut.len() < 2_100, "{}", cut.len());
        assert!(cut.ends_with("(8000 more bytes in the JSON result)"));
    }
}
