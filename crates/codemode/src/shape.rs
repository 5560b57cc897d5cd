//! Shaping the final result: messages cut to a bound, and, when `max_output_bytes` is set,
//! the whole serialized result (value, error, warnings, logs, call records) fitted into it.
//! Nothing is cut without a marker in the text or a `Truncated` warning.

use crate::limits::{Limits, OversizedResult};
use crate::result::{ExecutionResult, OmittedCalls, ToolCallRecord, Warning};
use codemode_core::{Diagnostic, DiagnosticKind};
use serde_json::Value;

/// Bound on a diagnostic or warning message when no output limit is set (an output limit
/// below it lowers it).
pub(crate) const DEFAULT_MESSAGE_BYTES: usize = 64 * 1024;

/// Most warnings kept; the rest are counted in one last warning.
const MAX_WARNINGS: usize = 32;

/// The most a warning that the value was truncated takes in the result's JSON.
const VALUE_WARNING_BYTES: usize = 180;

/// The least room a truncated value gets even when the limit is smaller than the envelope,
/// so the value still says what it was.
const VALUE_FLOOR: usize = 64;

/// `text` cut to at most `max` bytes: its start, then a marker saying how much was cut
/// (`…[1048000 of 1048576 bytes cut]`). Text within `max` is returned as it is. When `max`
/// is smaller than the marker, only the marker is kept.
pub(crate) fn cut_text(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    let total = text.len();
    // The marker is longest when everything is cut; keeping that much room is enough.
    let room = max.saturating_sub(marker(total, total).len());
    let mut keep = room.min(total);
    while !text.is_char_boundary(keep) {
        keep -= 1;
    }
    let marker = marker(total - keep, total);
    let mut out = String::with_capacity(keep + marker.len());
    out.push_str(&text[..keep]);
    out.push_str(&marker);
    out
}

fn marker(cut: usize, total: usize) -> String {
    format!("…[{cut} of {total} bytes cut]")
}

/// The bound on one message: the default, lowered by the output limit.
pub(crate) fn message_cap(limits: &Limits) -> usize {
    limits
        .max_output_bytes
        .map_or(DEFAULT_MESSAGE_BYTES, |m| m.min(DEFAULT_MESSAGE_BYTES))
}

/// Everything the driver gathered, before shaping.
pub(crate) struct Parts {
    pub(crate) outcome: Result<Value, Diagnostic>,
    pub(crate) logs: Vec<String>,
    /// Log lines the log budget dropped whole, and cut, while the program ran.
    pub(crate) logs_dropped: usize,
    pub(crate) logs_cut: usize,
    pub(crate) warnings: Vec<Warning>,
    pub(crate) records: Vec<ToolCallRecord>,
    pub(crate) omitted: OmittedCalls,
}

/// A failure before anything ran, shaped like any other result.
pub(crate) fn failed(diagnostic: Diagnostic, limits: &Limits) -> ExecutionResult {
    shape(
        Parts {
            outcome: Err(diagnostic),
            logs: Vec::new(),
            logs_dropped: 0,
            logs_cut: 0,
            warnings: Vec::new(),
            records: Vec::new(),
            omitted: OmittedCalls::default(),
        },
        limits,
    )
}

/// Builds the result: cuts messages, applies the oversized-result mode, fits everything
/// into `max_output_bytes` when it is set, and says what was cut.
pub(crate) fn shape(parts: Parts, limits: &Limits) -> ExecutionResult {
    let cap = message_cap(limits);
    let Parts {
        outcome,
        logs,
        logs_dropped,
        logs_cut,
        mut warnings,
        records,
        omitted,
    } = parts;
    for w in &mut warnings {
        if w.message.len() > cap {
            w.message = cut_text(&w.message, cap);
        }
    }
    if warnings.len() > MAX_WARNINGS {
        let more = warnings.len() - (MAX_WARNINGS - 1);
        warnings.truncate(MAX_WARNINGS - 1);
        warnings.push(Warning {
            kind: DiagnosticKind::Truncated,
            message: format!("{more} more warning(s) were omitted"),
        });
    }
    let outcome = match outcome {
        Err(mut d) => {
            if d.message.len() > cap {
                d.message = cut_text(&d.message, cap);
            }
            Err(d)
        }
        ok => ok,
    };
    let mut result = ExecutionResult {
        outcome,
        logs: Vec::new(),
        warnings,
        truncated: false,
        tool_calls: Vec::new(),
        omitted_tool_calls: omitted,
    };
    let Some(max) = limits.max_output_bytes else {
        result.logs = logs;
        result.tool_calls = records;
        add_cut_warnings(&mut result, logs_dropped, logs_cut, omitted, "");
        return result;
    };

    // The common case: everything fits as it is.
    let warnings_before = result.warnings.len();
    result.logs = logs;
    result.tool_calls = records;
    add_cut_warnings(&mut result, logs_dropped, logs_cut, omitted, "");
    if fits(&result, max) {
        return result;
    }
    result.warnings.truncate(warnings_before);
    let logs = std::mem::take(&mut result.logs);
    let records = std::mem::take(&mut result.tool_calls);

    // Room for what shaping may add: the warnings and the summary for the worst case (every
    // record and log line left out), and `"truncated":true`.
    let reserve = {
        let mut worst = ExecutionResult {
            outcome: Ok(Value::Null),
            logs: Vec::new(),
            warnings: Vec::new(),
            truncated: true,
            tool_calls: Vec::new(),
            omitted_tool_calls: OmittedCalls::default(),
        };
        let empty = encoded_len(&worst);
        let mut all = omitted;
        for r in &records {
            all.add(r.status);
        }
        let reason = " and the output limit";
        add_cut_warnings(&mut worst, logs_dropped + logs.len(), logs_cut, all, reason);
        encoded_len(&worst) - empty + 16 + VALUE_WARNING_BYTES
    };
    // The warnings that were already there share half the budget at most.
    fit_warnings(&mut result.warnings, max / 2);

    // The value or the error comes first: it gets what the envelope and the warnings leave
    // (measured with the value or the message taken out).
    // Records and log lines may keep up to a quarter of what is left, when they need it.
    let extras: usize = records.iter().map(|r| json_len(r) + 1).sum::<usize>()
        + logs.iter().map(|l| json_len(l) + 1).sum::<usize>();
    let room = |result: &ExecutionResult, placeholder: usize| {
        let rest = encoded_len(result).saturating_sub(placeholder) + reserve;
        let available = max.saturating_sub(rest);
        (available - extras.min(available / 4)).max(max.min(VALUE_FLOOR))
    };
    match &mut result.outcome {
        Ok(value) => {
            let value = std::mem::take(value);
            // The taken value left a `null` behind.
            let budget = room(&result, 4);
            match fit_value(value, budget, max, limits.oversized_result) {
                Ok((value, None)) => result.outcome = Ok(value),
                Ok((value, Some(warning))) => {
                    result.outcome = Ok(value);
                    result.truncated = true;
                    result.warnings.push(warning);
                }
                Err(d) => result.outcome = Err(d),
            }
        }
        Err(d) => {
            let message = std::mem::take(&mut d.message);
            // The taken message left `""` behind.
            let budget = room(&result, 2);
            let mut cut = cut_text(&message, budget);
            // Escapes make the JSON text longer than the raw text: cut again by the excess.
            let mut raw = budget;
            while json_len(&cut) > budget + 2 && raw > 0 {
                raw = raw.saturating_sub(json_len(&cut) - budget - 2).min(raw - 1);
                cut = cut_text(&message, raw);
            }
            if let Err(d) = &mut result.outcome {
                d.message = cut;
            }
        }
    }

    // Then the call records (the first ones) and the log lines (the last ones) share what
    // is left.
    let left = max.saturating_sub(encoded_len(&result) + reserve);
    let records_len: Vec<usize> = records.iter().map(|r| json_len(r) + 1).collect();
    let logs_len: Vec<usize> = logs.iter().map(|l| json_len(l) + 1).collect();
    let records_total: usize = records_len.iter().sum();
    let logs_total: usize = logs_len.iter().sum::<usize>() + if logs.is_empty() { 0 } else { 10 };
    let records_budget = if records_total + logs_total <= left {
        records_total
    } else {
        records_total.min((left / 2).max(left.saturating_sub(logs_total)))
    };
    let mut kept_records = 0;
    let mut used = 0;
    for len in &records_len {
        if used + len > records_budget {
            break;
        }
        used += len;
        kept_records += 1;
    }
    let logs_budget = left.saturating_sub(used).saturating_sub(10);
    let mut kept_logs = 0;
    let mut used_logs = 0;
    for len in logs_len.iter().rev() {
        if used_logs + len > logs_budget {
            break;
        }
        used_logs += len;
        kept_logs += 1;
    }
    let mut records = records;
    let mut omitted = omitted;
    for r in records.drain(kept_records..) {
        omitted.add(r.status);
    }
    let mut logs = logs;
    let mut logs_dropped = logs_dropped;
    let first_kept = logs.len() - kept_logs;
    logs.drain(..first_kept);
    logs_dropped += first_kept;
    result.tool_calls = records;
    result.logs = logs;
    let warnings_before = result.warnings.len();
    let reason = " and the output limit";
    add_cut_warnings(&mut result, logs_dropped, logs_cut, omitted, reason);

    // The reserve is an estimate: if the result is still over, drop more (records from the
    // end, then the oldest log lines), saying so.
    let something_left = |r: &ExecutionResult| !(r.tool_calls.is_empty() && r.logs.is_empty());
    while !fits(&result, max) && something_left(&result) {
        if let Some(r) = result.tool_calls.pop() {
            omitted.add(r.status);
        } else if !result.logs.is_empty() {
            result.logs.remove(0);
            logs_dropped += 1;
        }
        result.warnings.truncate(warnings_before);
        add_cut_warnings(&mut result, logs_dropped, logs_cut, omitted, reason);
    }
    result
}

/// Keeps the warnings whose messages fit in `budget` bytes together, cutting the one that
/// crosses it, and counts the rest in one last warning.
fn fit_warnings(warnings: &mut Vec<Warning>, budget: usize) {
    let mut used = 0;
    for i in 0..warnings.len() {
        let len = warnings[i].message.len() + 40;
        if used + len > budget {
            let room = budget.saturating_sub(used + 40).max(64);
            warnings[i].message = cut_text(&warnings[i].message, room);
            let more = warnings.len() - i - 1;
            warnings.truncate(i + 1);
            if more > 0 {
                warnings.push(Warning {
                    kind: DiagnosticKind::Truncated,
                    message: format!("{more} more warning(s) were omitted"),
                });
            }
            return;
        }
        used += len;
    }
}

/// The value within `budget` bytes, with the warning that says it was truncated, or the
/// failure the oversized-result mode asks for.
fn fit_value(
    value: Value,
    budget: usize,
    max: usize,
    mode: OversizedResult,
) -> Result<(Value, Option<Warning>), Diagnostic> {
    if codemode_data::encoded_len_within(&value, budget).is_some() {
        return Ok((value, None));
    }
    match mode {
        OversizedResult::Truncate => {
            let t = codemode_data::truncate(value, budget);
            let message = if t.original_bytes > max {
                format!(
                    "the result was {} bytes, over the {max}-byte limit, and was truncated",
                    t.original_bytes
                )
            } else {
                format!(
                    "the result was {} bytes, which with the rest of the result is over the \
                     {max}-byte limit, and was truncated",
                    t.original_bytes
                )
            };
            Ok((
                t.value,
                Some(Warning {
                    kind: DiagnosticKind::Truncated,
                    message,
                }),
            ))
        }
        OversizedResult::Fail => {
            let size = codemode_data::encoded_len(&value);
            let over = if size > max {
                format!("over the {max}-byte limit")
            } else {
                format!("which with the rest of the result is over the {max}-byte limit")
            };
            Err(Diagnostic::new(
                DiagnosticKind::ExecutionFailure,
                format!(
                    "the result is {size} bytes, {over}: return less (select the fields you \
                     need, filter, aggregate or page)"
                ),
            ))
        }
    }
}

/// Adds the warnings that say which log lines and call records were left out.
fn add_cut_warnings(
    result: &mut ExecutionResult,
    logs_dropped: usize,
    logs_cut: usize,
    omitted: OmittedCalls,
    also: &str,
) {
    result.omitted_tool_calls = omitted;
    if logs_dropped > 0 || logs_cut > 0 {
        let mut parts = Vec::new();
        if logs_dropped > 0 {
            parts.push(format!("{logs_dropped} earlier log line(s) were dropped"));
        }
        if logs_cut > 0 {
            parts.push(format!(
                "{logs_cut} log line(s) longer than the budget were cut (each ends with a \
                 marker)"
            ));
        }
        result.warnings.push(Warning {
            kind: DiagnosticKind::Truncated,
            message: format!(
                "{} to stay within the log budget{also}",
                parts.join(" and ")
            ),
        });
    }
    if omitted.count > 0 {
        let total = result.tool_calls.len() + omitted.count;
        result.warnings.push(Warning {
            kind: DiagnosticKind::Truncated,
            message: format!(
                "the records of {} of {total} host calls were left out to stay within the \
                 call-record bound{also} ({} succeeded, {} failed, {} denied, {} uncertain); \
                 toolCallsOmitted counts them",
                omitted.count, omitted.succeeded, omitted.failed, omitted.denied, omitted.uncertain
            ),
        });
    }
}

fn encoded_len(result: &ExecutionResult) -> usize {
    json_len(result)
}

/// Whether `result` encodes in at most `max` bytes; stops counting past `max`.
fn fits(result: &ExecutionResult, max: usize) -> bool {
    let mut counter = Counter(0, max);
    serde_json::to_writer(&mut counter, result).is_ok()
}

pub(crate) fn json_len<T: serde::Serialize + ?Sized>(value: &T) -> usize {
    let mut counter = Counter(0, usize::MAX);
    let _ = serde_json::to_writer(&mut counter, value);
    counter.0
}

/// Counts bytes written, and fails once the count passes its limit.
struct Counter(usize, usize);

impl std::io::Write for Counter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 = self.0.saturating_add(buf.len());
        if self.0 > self.1 {
            return Err(std::io::Error::other("over the limit"));
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cut_text_keeps_the_start_and_says_how_much_was_cut() {
        assert_eq!(cut_text("short", 10), "short");
        let cut = cut_text(&"é".repeat(100), 50);
        assert!(cut.len() <= 50, "{cut}");
        assert!(cut.starts_with('é'));
        assert!(cut.ends_with("of 200 bytes cut]"), "{cut}");
    }
}
