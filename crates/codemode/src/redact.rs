//! Redaction: credentials the host hands in never reach the model.
//!
//! A [`Redactor`] holds secret strings and text functions. The driver runs every tool output
//! and tool error message through it before the program sees them (so a program cannot
//! transform a secret it was never given), and the final [`ExecutionResult`] — value (strings
//! and object keys), logs, diagnostic, warnings, call records — before it leaves the runtime.

use crate::result::ExecutionResult;
use aho_corasick::{AhoCorasick, MatchKind};
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

/// What a secret is replaced by.
pub const REDACTED: &str = "[REDACTED]";

/// A host function over text: returns the text with what must not leave the runtime replaced
/// (`Cow::Borrowed` when nothing changed, which costs nothing).
pub type RedactFn = Arc<dyn Fn(&str) -> Cow<'_, str> + Send + Sync>;

/// Secret strings (with the forms they take on the wire) and text functions, applied to
/// everything a program or the model could read.
///
/// Each secret is matched in its plain form and in the forms it takes when a server echoes
/// it: JSON-escaped (inside JSON text), percent-encoded (URL query or form), and base64 (basic
/// credentials are `base64(user:password)`). `Bearer <token>` and `Basic <base64>` contain one
/// of these forms, so they are covered too.
#[derive(Clone, Default)]
pub struct Redactor {
    secrets: Vec<String>,
    functions: Vec<RedactFn>,
    /// Every form of every secret, leftmost-longest; rebuilt when a secret is added.
    matcher: Option<Arc<AhoCorasick>>,
}

impl fmt::Debug for Redactor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Redactor")
            .field("secrets", &self.secrets.len())
            .field("functions", &self.functions.len())
            .finish()
    }
}

impl Redactor {
    /// A redactor that changes nothing.
    pub fn new() -> Redactor {
        Redactor::default()
    }

    /// Adds a secret: it and its derived forms are replaced by [`REDACTED`]. Empty strings are
    /// ignored. A very short secret is redacted wherever its text occurs, even by chance.
    pub fn secret(mut self, secret: impl Into<String>) -> Redactor {
        self.add_secret(secret);
        self
    }

    /// Adds a secret in place (see [`Redactor::secret`]).
    pub fn add_secret(&mut self, secret: impl Into<String>) {
        let secret = secret.into();
        if secret.is_empty() || self.secrets.contains(&secret) {
            return;
        }
        self.secrets.push(secret);
        self.matcher = build_matcher(&self.secrets);
    }

    /// Adds a function over text, applied after the secrets.
    pub fn function(
        mut self,
        f: impl Fn(&str) -> Cow<'_, str> + Send + Sync + 'static,
    ) -> Redactor {
        self.functions.push(Arc::new(f));
        self
    }

    /// True when nothing is redacted (no secret, no function): the runtime then skips the
    /// walk entirely.
    pub fn is_empty(&self) -> bool {
        self.matcher.is_none() && self.functions.is_empty()
    }

    /// The number of registered secrets (derived forms not counted).
    pub fn secret_count(&self) -> usize {
        self.secrets.len()
    }

    /// `text` with every secret form and every function applied.
    pub fn text<'a>(&self, text: &'a str) -> Cow<'a, str> {
        let mut out = match &self.matcher {
            Some(m) if m.is_match(text) => {
                let mut out = String::with_capacity(text.len());
                let mut last = 0;
                for found in m.find_iter(text) {
                    out.push_str(&text[last..found.start()]);
                    out.push_str(REDACTED);
                    last = found.end();
                }
                out.push_str(&text[last..]);
                Cow::Owned(out)
            }
            _ => Cow::Borrowed(text),
        };
        for f in &self.functions {
            if let Cow::Owned(changed) = f(&out) {
                out = Cow::Owned(changed);
            }
        }
        out
    }

    /// Redacts a string in place.
    pub fn string(&self, text: &mut String) {
        if let Cow::Owned(changed) = self.text(text) {
            *text = changed;
        }
    }

    /// Redacts every string of a JSON value, object keys included. The walk uses an explicit
    /// stack: a deep value cannot overflow the native stack.
    pub fn value(&self, value: &mut Value) {
        if self.is_empty() {
            return;
        }
        let mut stack: Vec<&mut Value> = vec![value];
        while let Some(v) = stack.pop() {
            match v {
                Value::String(s) => self.string(s),
                Value::Array(items) => stack.extend(items.iter_mut()),
                Value::Object(map) => {
                    if map.keys().any(|k| matches!(self.text(k), Cow::Owned(_))) {
                        *map = self.rekey(std::mem::take(map));
                    }
                    stack.extend(map.values_mut());
                }
                _ => {}
            }
        }
    }

    fn rekey(&self, map: Map<String, Value>) -> Map<String, Value> {
        let mut out = Map::with_capacity(map.len());
        // Two keys that redact alike stay apart (`[REDACTED]`, `[REDACTED]#2`): the values are
        // data, not secrets. The next suffix per key keeps many collisions linear.
        let mut next_suffix: std::collections::HashMap<String, usize> = Default::default();
        for (key, value) in map {
            let base = self.text(&key).into_owned();
            let mut key = base.clone();
            while out.contains_key(&key) {
                let n = next_suffix.entry(base.clone()).or_insert(1);
                *n += 1;
                key = format!("{base}#{n}");
            }
            out.insert(key, value);
        }
        out
    }

    /// Redacts everything of a result that leaves the runtime.
    pub fn result(&self, result: &mut ExecutionResult) {
        if self.is_empty() {
            return;
        }
        match &mut result.outcome {
            Ok(value) => self.value(value),
            Err(d) => {
                self.string(&mut d.message);
                for s in &mut d.suggestions {
                    self.string(s);
                }
            }
        }
        for line in &mut result.logs {
            self.string(line);
        }
        for w in &mut result.warnings {
            self.string(&mut w.message);
        }
        for record in &mut result.tool_calls {
            self.value(&mut record.input);
            if let Some(e) = &mut record.error {
                self.string(e);
            }
        }
    }
}

/// Every form a secret takes when echoed, for one leftmost-longest matcher.
fn build_matcher(secrets: &[String]) -> Option<Arc<AhoCorasick>> {
    let mut patterns: Vec<String> = Vec::new();
    let mut add = |p: String| {
        if !p.is_empty() && !patterns.contains(&p) {
            patterns.push(p);
        }
    };
    for s in secrets {
        add(s.clone());
        // Inside JSON text (`{"auth":"Bearer a\"b"}`).
        let json = serde_json::to_string(s).unwrap_or_default();
        if json.len() >= 2 {
            add(json[1..json.len() - 1].to_owned());
        }
        for form in [false, true] {
            let encoded = percent_encode(s, form);
            add(lowercase_escapes(&encoded));
            add(encoded);
        }
        // Padded and not (the longest match wins, so the padding goes with the secret).
        for table in [STANDARD, URL_SAFE] {
            let encoded = base64(s.as_bytes(), table);
            add(encoded.trim_end_matches('=').to_owned());
            add(encoded);
        }
    }
    AhoCorasick::builder()
        .match_kind(MatchKind::LeftmostLongest)
        .build(&patterns)
        .ok()
        .map(Arc::new)
}

/// Lower-cases the hex digits of percent escapes only (`%2F` -> `%2f`): some encoders
/// write them that way.
fn lowercase_escapes(encoded: &str) -> String {
    let mut out = String::with_capacity(encoded.len());
    let mut hex_left = 0;
    for c in encoded.chars() {
        if c == '%' {
            hex_left = 2;
            out.push(c);
        } else if hex_left > 0 {
            hex_left -= 1;
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// RFC 3986 percent-encoding of everything but the unreserved characters; `form` writes a
/// space as `+` (application/x-www-form-urlencoded).
fn percent_encode(s: &str, form: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for &b in s.as_bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                out.push(char::from(b))
            }
            b' ' if form => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

const STANDARD: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const URL_SAFE: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn base64(bytes: &[u8], table: &[u8; 64]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(table[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_form_of_a_secret_is_replaced() {
        let r = Redactor::new().secret("s3cr3t/tok en\"x");
        let plain = "Bearer s3cr3t/tok en\"x";
        assert_eq!(r.text(plain), "Bearer [REDACTED]");
        let json_text = serde_json::to_string(&json!({ "auth": plain })).unwrap();
        assert_eq!(r.text(&json_text), r#"{"auth":"Bearer [REDACTED]"}"#);
        assert_eq!(r.text("?k=s3cr3t%2Ftok%20en%22x&"), "?k=[REDACTED]&");
        assert_eq!(r.text("?k=s3cr3t%2ftok+en%22x"), "?k=[REDACTED]");
        assert_eq!(r.text("?k=s3cr3t%2Ftok+en%22x"), "?k=[REDACTED]");
        let b64 = base64(b"s3cr3t/tok en\"x", STANDARD);
        assert_eq!(r.text(&format!("Basic {b64}")), "Basic [REDACTED]");
    }

    #[test]
    fn basic_credentials_are_replaced_in_their_header_form() {
        let r = Redactor::new().secret("alice:hunter22");
        // base64("alice:hunter22") as an Authorization header carries it.
        assert_eq!(base64(b"alice:hunter22", STANDARD), "YWxpY2U6aHVudGVyMjI=");
        assert_eq!(
            r.text("got Authorization: Basic YWxpY2U6aHVudGVyMjI="),
            "got Authorization: Basic [REDACTED]"
        );
    }

    #[test]
    fn values_keys_and_functions() {
        let r = Redactor::new().secret("tok-123").function(|t| {
            if t.contains("internal.example") {
                Cow::Owned(t.replace("internal.example", "[host]"))
            } else {
                Cow::Borrowed(t)
            }
        });
        let mut v = json!({
            "tok-123": 1,
            "[REDACTED]": 2,
            "list": ["a tok-123 b", {"url": "https://internal.example/?t=tok-123"}],
        });
        r.value(&mut v);
        assert_eq!(
            v,
            json!({
                "[REDACTED]": 1,
                "[REDACTED]#2": 2,
                "list": ["a [REDACTED] b", {"url": "https://[host]/?t=[REDACTED]"}],
            })
        );
    }

    #[test]
    fn the_longest_form_wins_and_an_empty_redactor_changes_nothing() {
        let r = Redactor::new().secret("abc").secret("abcdef");
        assert_eq!(r.text("xabcdefx abc"), "x[REDACTED]x [REDACTED]");
        let empty = Redactor::new().secret("");
        assert!(empty.is_empty());
        assert!(matches!(empty.text("anything"), Cow::Borrowed(_)));
    }

    #[test]
    fn deep_values_do_not_overflow_the_stack() {
        let mut v = json!("tok-123");
        for _ in 0..100_000 {
            v = Value::Array(vec![v]);
        }
        let r = Redactor::new().secret("tok-123");
        r.value(&mut v);
        let mut inner = &v;
        while let Value::Array(items) = inner {
            inner = &items[0];
        }
        assert_eq!(inner, &json!(REDACTED));
        // serde_json's Drop recurses; unwind the nesting by hand.
        let mut v = v;
        while let Value::Array(mut items) = v {
            v = items.pop().unwrap_or(Value::Null);
        }
    }
}
