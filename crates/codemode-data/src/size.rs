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
/// most `max_bytes` bytes (when `max_bytes` leaves room for the marker at all).
pub fn truncate(value: Value, max_bytes: usize) -> Truncation {
    if let Some(len) = encoded_len_within(&value, max_bytes) {
        return Truncation {
            value,
            truncated: false,
            original_bytes: len,
        };
    }
    let original_bytes = encoded_len(&value);
    let marker = format!("{TRUNCATION_MARKER}: {original_bytes} bytes, limit {max_bytes}]");
    let text = serde_json::to_string(&value).unwrap_or_default();
    // Find the longest prefix whose string encoding (quotes and escapes included) fits.
    let budget = max_bytes.saturating_sub(encoded_len(&Value::String(marker.clone())));
    let mut lo = 0usize;
    let mut hi = text.len();
    while lo < hi {
        let mid = floor_char_boundary(&text, (lo + hi).div_ceil(2));
        if mid <= lo {
            break;
        }
        if encoded_len(&Value::String(text[..mid].to_owned())) - 2 <= budget {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let cut = floor_char_boundary(&text, lo);
    let mut out = String::with_capacity(cut + marker.len());
    out.push_str(&text[..cut]);
    out.push_str(&marker);
    Truncation {
        value: Value::String(out),
        truncated: true,
        original_bytes,
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    if i >= s.len() {
        return s.len();
    }
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}
