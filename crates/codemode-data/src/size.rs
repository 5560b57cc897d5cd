use serde_json::Value;
use std::io;

/// The in-band marker that ends a truncated value's text.
pub const TRUNCATION_MARKER: &str = "…[truncated";

/// The byte length of `value`'s compact JSON encoding (`serde_json::to_vec(value).len()`),
/// computed without building the encoding.
pub fn encoded_len(value: &Value) -> usize {
    let mut counter = Counter {
        count: 0,
        limit: usize::MAX,
    };
    // Writing to a counter cannot fail below the limit.
    let _ = serde_json::to_writer(&mut counter, value);
    counter.count
}

/// `Some(encoded_len(value))` if it is at most `limit`, else `None` — stops counting as soon
/// as the limit is passed, so checking a huge value against a small budget is cheap.
pub fn encoded_len_within(value: &Value, limit: usize) -> Option<usize> {
    let mut counter = Counter { count: 0, limit };
    match serde_json::to_writer(&mut counter, value) {
        Ok(()) => Some(counter.count),
        Err(_) => None,
    }
}

struct Counter {
    count: usize,
    limit: usize,
}

impl io::Write for Counter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.count = self.count.saturating_add(buf.len());
        if self.count > self.limit {
            return Err(io::Error::other("over budget"));
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// What [`truncate`] did.
#[derive(Debug, Clone, PartialEq)]
pub struct Truncation {
    pub value: Value,
    /// Whether the value was replaced.
    pub truncated: bool,
    /// The encoded size of the original value.
    pub original_bytes: usize,
}

/// Fits `value` into `max_bytes` of JSON. A value that fits is returned as it is; a larger one
/// is replaced by a string holding the start of its JSON encoding followed by an in-band
/// marker (`…[truncated: 81234 bytes, limit 65536]`), and the whole result encodes in at
/// most `max_bytes` bytes (when `max_bytes` leaves room for the marker at all). Only the
/// prefix that can fit is ever written out, so truncating a huge value costs one counting
/// pass over it and memory in proportion to `max_bytes`.
pub fn truncate(value: Value, max_bytes: usize) -> Truncation {
    if let Some(len) = encoded_len_within(&value, max_bytes) {
        return Truncation {
            value,
            truncated: false,
            original_bytes: len,
        };
    }
    let original_bytes = encoded_len(&value);
    Truncation {
        value: Value::String(truncated_text(&value, original_bytes, max_bytes)),
        truncated: true,
        original_bytes,
    }
}

/// What [`truncate`] would make of `value`, without taking it: a copy of the value when it
/// fits in `max_bytes` of JSON, else the string with the start of its JSON text and the
/// marker. For bounded previews of values the caller keeps (call records).
pub fn preview(value: &Value, max_bytes: usize) -> Value {
    if encoded_len_within(value, max_bytes).is_some() {
        return value.clone();
    }
    preview_sized(value, encoded_len(value), max_bytes)
}

/// [`preview`] of a value whose encoded length the caller has already counted (a second
/// counting pass over a large input is work the caller has done once).
pub fn preview_sized(value: &Value, encoded_len: usize, max_bytes: usize) -> Value {
    if encoded_len <= max_bytes {
        return value.clone();
    }
    Value::String(truncated_text(value, encoded_len, max_bytes))
}

/// The start of `value`'s JSON text and the marker, as a string whose JSON encoding takes at
/// most `max_bytes` (when the marker fits at all).
fn truncated_text(value: &Value, original_bytes: usize, max_bytes: usize) -> String {
    let marker = format!("{TRUNCATION_MARKER}: {original_bytes} bytes, limit {max_bytes}]");
    // The marker is plain text (no character JSON escapes), so its string costs its length
    // plus the two quotes.
    let budget = max_bytes.saturating_sub(marker.len() + 2);
    // Escaping never shortens text, so the kept prefix is at most `budget` bytes of the
    // encoding; up to 3 more bytes let the last character be completed.
    let mut prefix = Prefix {
        bytes: Vec::new(),
        cap: budget.saturating_add(3),
    };
    let _ = serde_json::to_writer(&mut prefix, value);
    // The encoding is UTF-8; only the cap can split a character, at the very end.
    let text = match std::str::from_utf8(&prefix.bytes) {
        Ok(text) => text,
        Err(e) => std::str::from_utf8(&prefix.bytes[..e.valid_up_to()]).unwrap_or_default(),
    };
    let mut out = String::with_capacity(budget.min(text.len()) + marker.len());
    let mut used = 0usize;
    for c in text.chars() {
        used += escaped_len(c);
        if used > budget {
            break;
        }
        out.push(c);
    }
    out.push_str(&marker);
    out
}

/// The bytes `c` takes inside a JSON string as serde_json writes it.
fn escaped_len(c: char) -> usize {
    match c {
        '"' | '\\' | '\u{8}' | '\u{c}' | '\n' | '\r' | '\t' => 2,
        c if (c as u32) < 0x20 => 6,
        c => c.len_utf8(),
    }
}

/// A writer that keeps the first `cap` bytes and then refuses more, which stops the
/// serializer.
struct Prefix {
    bytes: Vec<u8>,
    cap: usize,
}

impl io::Write for Prefix {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let room = self.cap - self.bytes.len();
        if room == 0 {
            return Err(io::Error::other("prefix complete"));
        }
        let n = room.min(buf.len());
        self.bytes.extend_from_slice(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
