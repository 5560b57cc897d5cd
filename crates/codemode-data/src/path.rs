use std::fmt;

/// A JSON path under construction while a value is walked: `$`, `$.rows`, `$.rows[3]`,
/// `$["odd key"]`.
#[derive(Debug, Clone, Default)]
pub struct JsonPath {
    segments: Vec<Segment>,
}

#[derive(Debug, Clone)]
enum Segment {
    Index(usize),
    Key(String),
}

impl JsonPath {
    pub fn root() -> Self {
        JsonPath::default()
    }

    pub fn push_index(&mut self, index: usize) {
        self.segments.push(Segment::Index(index));
    }

    pub fn push_key(&mut self, key: &str) {
        self.segments.push(Segment::Key(key.to_owned()));
    }

    pub fn pop(&mut self) {
        self.segments.pop();
    }

    pub fn depth(&self) -> usize {
        self.segments.len()
    }
}

fn is_identifier(key: &str) -> bool {
    let mut chars = key.chars();
    match chars.next() {
        Some(c) if c == '_' || c == '$' || c.is_ascii_alphabetic() => {}
        _ => return false,
    }
    chars.all(|c| c == '_' || c == '$' || c.is_ascii_alphanumeric())
}

impl fmt::Display for JsonPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("$")?;
        for segment in &self.segments {
            match segment {
                Segment::Index(i) => write!(f, "[{i}]")?,
                Segment::Key(k) if is_identifier(k) => write!(f, ".{k}")?,
                Segment::Key(k) => write!(
                    f,
                    "[{}]",
                    serde_json::to_string(k).unwrap_or_else(|_| format!("{k:?}"))
                )?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_keys_indices_and_quoted_keys() {
        let mut p = JsonPath::root();
        assert_eq!(p.to_string(), "$");
        p.push_key("rows");
        p.push_index(3);
        p.push_key("tags");
        assert_eq!(p.to_string(), "$.rows[3].tags");
        p.pop();
        p.push_key("odd key");
        assert_eq!(p.to_string(), "$.rows[3][\"odd key\"]");
    }
}
