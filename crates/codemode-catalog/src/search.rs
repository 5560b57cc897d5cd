//! The built-in `search`: exact paths, namespace scopes, alphabetical browsing and ranked
//! free text over a token index built once with the catalog.

use crate::catalog::{bounded_levenshtein, Catalog, NsEntry};
use crate::expression::{parse_path_text, segments_expression, RenderOptions};
use crate::signature::SignatureForm;
use crate::Tool;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::collections::HashMap;

/// Results per page when the request does not say.
pub const DEFAULT_LIMIT: usize = 10;
/// The largest page.
pub const MAX_LIMIT: usize = 50;
/// Query text beyond this is ignored.
const MAX_QUERY_CHARS: usize = 1000;
/// Query words beyond this are ignored.
const MAX_QUERY_TOKENS: usize = 16;

// Field weights: path segments first, then the tool's description, then the descriptions of
// its namespaces, then its input property names.
const W_NAME: f32 = 10.0;
const W_NAMESPACE: f32 = 6.0;
/// The description's first sentence (its summary) says most about what the tool does.
const W_SUMMARY: f32 = 5.0;
const W_DESCRIPTION: f32 = 3.0;
const W_NS_DESCRIPTION: f32 = 2.0;
const W_PROPERTY: f32 = 1.5;
/// A query word that is only a prefix of an indexed word (`direct` of `directory`), or an
/// indexed word that is a prefix of the query word (`repo` of `repository`), counts this
/// much of the weight.
const PREFIX_FACTOR: f32 = 0.5;
/// Shortest word that takes part in prefix matching.
const MIN_PREFIX: usize = 3;
/// Penalty per word of the tool's name and parent namespace the query did not match (when
/// it matched some), so `pulls.list` beats `reactions.list-for-pull-request-review-comment`
/// for "list pull requests".
const UNMATCHED_NAME_WORD: f32 = 1.0;
/// Bonus scaled by how much of the tool's own name the query covers.
const NAME_COVERAGE: f32 = 4.0;
/// Bonus when every query word matched somewhere.
const ALL_WORDS: f32 = 2.0;

/// The input of `search(...)`, as the program passes it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SearchRequest {
    #[serde(default)]
    pub query: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    /// Default 10, at most 50.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
    #[serde(default)]
    pub offset: usize,
}

/// Longest search query (and namespace) accepted, in bytes.
pub const MAX_QUERY_BYTES: usize = 4096;

impl SearchRequest {
    pub fn query(query: impl Into<String>) -> SearchRequest {
        SearchRequest {
            query: query.into(),
            ..SearchRequest::default()
        }
    }

    /// Reads the program's argument: `null` (browse), a string (the query) or an object
    /// `{query?, namespace?, limit?, offset?}`. Unknown fields are an error.
    pub fn from_input(input: &Value) -> Result<SearchRequest, SearchError> {
        // A query or namespace is a few words: a longer one is refused before any work (search
        // runs on the host, outside the program's fuel and deadline checks).
        let too_long = |what: &str, s: &str| {
            (s.len() > MAX_QUERY_BYTES).then(|| {
                SearchError::InvalidRequest(format!(
                    "the search {what} is {} bytes, over the {MAX_QUERY_BYTES}-byte limit",
                    s.len()
                ))
            })
        };
        let checked = |request: SearchRequest| match too_long("query", &request.query)
            .or_else(|| too_long("namespace", request.namespace.as_deref().unwrap_or("")))
        {
            Some(e) => Err(e),
            None => Ok(request),
        };
        Self::parse_input(input).and_then(checked)
    }

    fn parse_input(input: &Value) -> Result<SearchRequest, SearchError> {
        match input {
            Value::Null => Ok(SearchRequest::default()),
            Value::String(q) => Ok(SearchRequest::query(q.clone())),
            Value::Object(map) => {
                // Numbers from a program may arrive as floats (`10.0`); integral ones are
                // accepted as integers.
                let mut map = map.clone();
                for key in ["limit", "offset"] {
                    if let Some(Value::Number(n)) = map.get(key) {
                        if let Some(f) = n.as_f64().filter(|f| f.fract() == 0.0 && *f >= 0.0) {
                            if n.as_u64().is_none() && f <= u32::MAX as f64 {
                                map.insert(key.into(), Value::from(f as u64));
                            }
                        }
                    }
                }
                if map.get("namespace") == Some(&Value::Null) {
                    map.remove("namespace");
                }
                serde_json::from_value(Value::Object(map))
                    .map_err(|e| SearchError::InvalidRequest(format!("invalid search input: {e}")))
            }
            other => Err(SearchError::InvalidRequest(format!(
                "search expects an object {{query, namespace, limit, offset}} or a string, got {}",
                kind(other)
            ))),
        }
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// One page of search results.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchPage {
    pub items: Vec<SearchItem>,
    /// How many more matches follow this page.
    pub remaining: usize,
    /// The request for the next page, or `null` on the last one.
    pub next: Option<SearchRequest>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchItem {
    /// The expression that calls the tool (`tools.orders.lookup`).
    pub path: String,
    pub description: String,
    /// The full signature in the program's language.
    pub signature: String,
}

/// Why a search failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    #[error("{0}")]
    InvalidRequest(String),
    #[error("unknown namespace `{namespace}`{}", hint(suggestions))]
    UnknownNamespace {
        namespace: String,
        suggestions: Vec<String>,
    },
}

impl SearchError {
    /// Paths the model may have meant.
    pub fn suggestions(&self) -> &[String] {
        match self {
            SearchError::UnknownNamespace { suggestions, .. } => suggestions,
            SearchError::InvalidRequest(_) => &[],
        }
    }
}

/// Program-supplied text quoted in an error, cut to a readable length.
pub(crate) fn clip_for_message(text: &str) -> String {
    const MAX: usize = 200;
    if text.chars().count() <= MAX {
        text.to_owned()
    } else {
        let mut out: String = text.chars().take(MAX).collect();
        out.push('…');
        out
    }
}

pub(crate) fn hint(suggestions: &[String]) -> String {
    if suggestions.is_empty() {
        String::new()
    } else {
        format!("; did you mean {}?", suggestions.join(", "))
    }
}

/// The length of a value's JSON encoding, without building it.
fn json_size(value: &impl Serialize) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    match serde_json::to_writer(&mut count, value) {
        Ok(()) => count.0,
        Err(_) => usize::MAX,
    }
}

/// Inverted index from folded words to the tools whose fields contain them.
pub(crate) struct SearchIndex {
    vocab: Vec<String>,
    /// Per word: (tool, best field weight, whether the word is in the tool's own name).
    postings: Vec<Vec<(u32, f32, bool)>>,
    /// Per tool: how many distinct words its name and parent namespace have.
    name_words: Vec<u16>,
}

impl SearchIndex {
    pub(crate) fn build(tools: &[Tool], namespaces: &[NsEntry]) -> SearchIndex {
        let ns_desc: HashMap<&str, &str> = namespaces
            .iter()
            .filter(|n| !n.description.is_empty())
            .map(|n| (n.path.as_str(), n.description.as_str()))
            .collect();
        let mut words: BTreeMap<String, Vec<(u32, f32, bool)>> = BTreeMap::new();
        let mut name_words = Vec::with_capacity(tools.len());
        let mut fields: HashMap<String, f32> = HashMap::new();
        let mut buf = Vec::new();
        for (i, tool) in tools.iter().enumerate() {
            fields.clear();
            let mut add = |text: &str, weight: f32, buf: &mut Vec<String>| {
                buf.clear();
                tokenize(text, usize::MAX, buf);
                for w in buf.drain(..) {
                    let e = fields.entry(w).or_insert(0.0);
                    if *e < weight {
                        *e = weight;
                    }
                }
            };
            let segments = tool.path().segments();
            let (name, ancestors) = match segments.split_last() {
                Some((name, ancestors)) => (name.as_str(), ancestors),
                None => ("", &[][..]),
            };
            // The tool's own name and its parent namespace are what the path says about the
            // tool; higher namespaces are shared by many more tools.
            let (parent, higher) = match ancestors.split_last() {
                Some((parent, higher)) => (parent.as_str(), higher),
                None => ("", &[][..]),
            };
            let mut own: Vec<String> = Vec::new();
            tokenize(name, usize::MAX, &mut own);
            tokenize(parent, usize::MAX, &mut own);
            own.sort();
            own.dedup();
            name_words.push(own.len().min(u16::MAX as usize) as u16);
            // Each word of a long path says less about the tool than the one word of a short
            // one.
            let name_weight = W_NAME * (0.5 + 0.5 * (2.0 / own.len().max(1) as f32).min(1.0));
            add(name, name_weight, &mut buf);
            add(parent, name_weight, &mut buf);
            for s in higher {
                add(s, W_NAMESPACE, &mut buf);
            }
            add(tool.description(), W_DESCRIPTION, &mut buf);
            add(&summary(tool.description()), W_SUMMARY, &mut buf);
            for k in 1..segments.len() {
                if let Some(d) = ns_desc.get(segments[..k].join(".").as_str()) {
                    add(d, W_NS_DESCRIPTION, &mut buf);
                }
            }
            for p in property_names(tool.input_schema()) {
                add(p, W_PROPERTY, &mut buf);
            }
            for (w, weight) in fields.drain() {
                let is_name = own.binary_search(&w).is_ok();
                words
                    .entry(w)
                    .or_default()
                    .push((i as u32, weight, is_name));
            }
        }
        let (vocab, postings) = words.into_iter().unzip();
        SearchIndex {
            vocab,
            postings,
            name_words,
        }
    }
}

/// Top-level input property names (following a top-level `$ref`).
fn property_names(schema: &Value) -> Vec<&str> {
    let target = crate::schema::follow(schema, schema).map_or(schema, |(t, _)| t);
    match target.get("properties") {
        Some(Value::Object(props)) => props.keys().map(String::as_str).collect(),
        _ => Vec::new(),
    }
}

const STOP_WORDS: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "if", "in", "into", "is", "it",
    "its", "of", "on", "or", "that", "the", "this", "to", "with",
];

/// Splits text into folded words: on non-alphanumerics and camelCase boundaries,
/// lowercased, stop words dropped, simple plurals folded (`orders` → `order`, `entries` →
/// `entry`, `addresses` → `address`).
pub(crate) fn tokenize(text: &str, max_words: usize, out: &mut Vec<String>) {
    for word in text.split(|c: char| !c.is_alphanumeric()) {
        if word.is_empty() {
            continue;
        }
        let chars: Vec<char> = word.chars().collect();
        let mut start = 0;
        for i in 1..=chars.len() {
            let boundary = i == chars.len() || {
                let (prev, cur) = (chars[i - 1], chars[i]);
                let next = chars.get(i + 1).copied();
                (prev.is_lowercase() && cur.is_uppercase())
                    || (prev.is_uppercase()
                        && cur.is_uppercase()
                        && next.is_some_and(char::is_lowercase))
            };
            if boundary {
                if out.len() >= max_words {
                    return;
                }
                let part: String = chars[start..i].iter().collect::<String>().to_lowercase();
                start = i;
                if STOP_WORDS.contains(&part.as_str()) {
                    continue;
                }
                out.push(fold(part));
            }
        }
    }
}

fn fold(word: String) -> String {
    let n = word.len();
    if n > 4 && word.ends_with("ies") {
        format!("{}y", &word[..n - 3])
    } else if n > 4
        && ["sses", "xes", "ches", "shes", "zzes"]
            .iter()
            .any(|s| word.ends_with(s))
    {
        word[..n - 2].to_owned()
    } else if n > 3 && word.ends_with('s') && !["ss", "us", "is"].iter().any(|s| word.ends_with(s))
    {
        word[..n - 1].to_owned()
    } else {
        word
    }
}

/// The first sentence (or line) of a description.
pub(crate) fn summary(description: &str) -> String {
    let first_line = description.trim().lines().next().unwrap_or("").trim();
    match first_line.find(". ") {
        Some(end) => first_line[..=end].to_owned(),
        None => first_line.to_owned(),
    }
}

impl Catalog {
    /// Runs one search. Exact paths return only that tool; an empty query lists tools by
    /// path; otherwise tools are ranked by how well their fields match the query words.
    pub fn search(
        &self,
        req: &SearchRequest,
        opts: &RenderOptions,
    ) -> Result<SearchPage, SearchError> {
        self.search_within(req, opts, usize::MAX)
    }

    /// [`Catalog::search`] with a page whose JSON encoding stays within `max_page_bytes`:
    /// items that would cross it move to the next page (the first item is always returned,
    /// so paging makes progress). Large APIs have signatures of tens of kilobytes, and the
    /// host's per-call output limit applies to the page as a whole.
    pub fn search_within(
        &self,
        req: &SearchRequest,
        opts: &RenderOptions,
        max_page_bytes: usize,
    ) -> Result<SearchPage, SearchError> {
        let limit = req.limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
        let scope = match req
            .namespace
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
        {
            None => 0..self.inner.tools.len(),
            Some(ns) => self.scope(ns, opts)?,
        };
        let query = req.query.trim();
        let ranked: Vec<usize> = if query.is_empty() {
            self.visible_indexes(scope).collect()
        } else if let Some(i) = self.find_index(query, opts).filter(|i| scope.contains(i)) {
            vec![i]
        } else {
            self.rank(query, scope)
        };
        let start = req.offset.min(ranked.len());
        let mut end = start;
        let mut items = Vec::new();
        // `{"items":[],"remaining":N,"next":{...}}` around the items.
        let mut used = 120 + req.query.len() + req.namespace.as_ref().map_or(0, String::len);
        for &i in ranked.iter().skip(start).take(limit) {
            let Some(item) = self.item(i, opts) else {
                continue;
            };
            if max_page_bytes != usize::MAX {
                let size = json_size(&item).saturating_add(1);
                if !items.is_empty() && used.saturating_add(size) > max_page_bytes {
                    break;
                }
                used = used.saturating_add(size);
            }
            items.push(item);
            end = start + items.len();
        }
        let remaining = ranked.len() - end;
        let next = (remaining > 0).then(|| SearchRequest {
            query: req.query.clone(),
            namespace: req.namespace.clone(),
            limit: req.limit,
            offset: end,
        });
        Ok(SearchPage {
            items,
            remaining,
            next,
        })
    }

    /// Renders the full signature of every visible tool for `opts` now, so that no search
    /// (or `describe`) in those options renders one. Lazily, the first search that shows one
    /// of a large API's biggest tools renders tens of kilobytes of declarations (GitHub: up to
    /// 52 KB, about a millisecond); a host that knows its language can pay it up front
    /// (GitHub: about 50 ms and 4.6 MiB per language).
    pub fn prerender(&self, opts: &RenderOptions) {
        for i in self.visible_indexes(0..self.inner.tools.len()) {
            self.signature_at(i, opts, SignatureForm::Full);
        }
    }

    fn item(&self, index: usize, opts: &RenderOptions) -> Option<SearchItem> {
        let tool = self.inner.tools.get(index)?;
        Some(SearchItem {
            path: segments_expression(tool.path().segments(), opts),
            description: tool.description().to_owned(),
            signature: self
                .signature_at(index, opts, SignatureForm::Full)
                .to_string(),
        })
    }

    fn scope(
        &self,
        namespace: &str,
        opts: &RenderOptions,
    ) -> Result<std::ops::Range<usize>, SearchError> {
        for segments in parse_path_text(namespace, opts) {
            if let Some(entry) = self.namespace_entry(&segments) {
                return Ok(entry.tools.clone());
            }
        }
        let wanted = namespace.to_lowercase();
        let limit = (wanted.chars().count() / 3).max(2);
        let mut near: Vec<(usize, &str)> = self
            .inner
            .namespaces
            .iter()
            .filter(|n| self.visible_indexes(n.tools.clone()).next().is_some())
            .filter_map(|n| {
                let d = bounded_levenshtein(&wanted, &n.path.to_lowercase(), limit)
                    .or_else(|| n.path.to_lowercase().contains(&wanted).then_some(limit + 1))?;
                Some((d, n.path.as_str()))
            })
            .collect();
        near.sort();
        Err(SearchError::UnknownNamespace {
            namespace: clip_for_message(namespace),
            suggestions: near
                .into_iter()
                .take(3)
                .map(|(_, p)| p.to_owned())
                .collect(),
        })
    }

    /// Tool indexes in `scope` that match `query`, best first, ties by path.
    fn rank(&self, query: &str, scope: std::ops::Range<usize>) -> Vec<usize> {
        let index = &self.inner.index;
        let text: String = query.chars().take(MAX_QUERY_CHARS).collect();
        let mut words = Vec::new();
        tokenize(&text, MAX_QUERY_TOKENS, &mut words);
        words.sort();
        words.dedup();
        if words.is_empty() {
            return Vec::new();
        }
        let n = self.inner.tools.len();
        let mut score = vec![0f32; n];
        let mut matched = vec![0u8; n];
        let mut name_hits = vec![0u8; n];
        let mut best = vec![0f32; n];
        let mut is_name = vec![false; n];
        let mut touched: Vec<usize> = Vec::new();
        for word in &words {
            // The word itself and the indexed words it is a prefix of...
            let from = index.vocab.partition_point(|v| v.as_str() < word.as_str());
            let longer = index.vocab[from..]
                .iter()
                .take_while(|v| {
                    *v == word || (word.len() >= MIN_PREFIX && v.starts_with(word.as_str()))
                })
                .count();
            let mut hits: Vec<usize> = (from..from + longer).collect();
            // ...and the indexed words that are prefixes of it.
            for (end, _) in word.char_indices().skip(MIN_PREFIX + 1) {
                if let Ok(k) = index
                    .vocab
                    .binary_search_by(|v| v.as_str().cmp(&word[..end]))
                {
                    hits.push(k);
                }
            }
            for k in hits {
                let exact = index.vocab.get(k) == Some(word);
                let factor = if exact { 1.0 } else { PREFIX_FACTOR };
                for &(t, w, name) in index.postings.get(k).map(Vec::as_slice).unwrap_or(&[]) {
                    let t = t as usize;
                    if !scope.contains(&t) {
                        continue;
                    }
                    if best[t] == 0.0 {
                        touched.push(t);
                    }
                    if w * factor > best[t] {
                        best[t] = w * factor;
                    }
                    if exact && name {
                        is_name[t] = true;
                    }
                }
            }
            for &t in &touched {
                score[t] += best[t];
                matched[t] = matched[t].saturating_add(1);
                if is_name[t] {
                    name_hits[t] = name_hits[t].saturating_add(1);
                }
                best[t] = 0.0;
                is_name[t] = false;
            }
            touched.clear();
        }
        let mut ranked: Vec<(f32, usize)> = scope
            .filter(|&t| matched[t] > 0 && self.is_visible(t))
            .map(|t| {
                let mut s = score[t];
                let name_len = index.name_words.get(t).copied().unwrap_or(0).max(1);
                s += NAME_COVERAGE * f32::from(name_hits[t]) / f32::from(name_len);
                if name_hits[t] > 0 {
                    let unmatched = name_len.saturating_sub(u16::from(name_hits[t]));
                    s -= UNMATCHED_NAME_WORD * f32::from(unmatched);
                }
                if usize::from(matched[t]) == words.len() {
                    s += ALL_WORDS;
                }
                (s, t)
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        ranked.into_iter().map(|(_, t)| t).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        tokenize(text, usize::MAX, &mut out);
        out
    }

    #[test]
    fn tokenizer_splits_and_folds() {
        assert_eq!(
            words("getHTTPServerEntries"),
            ["get", "http", "server", "entry"]
        );
        assert_eq!(
            words("list_directory-with sizes"),
            ["list", "directory", "size"]
        );
        assert_eq!(words("The addresses of the orders"), ["address", "order"]);
        assert_eq!(
            words("status analysis boxes"),
            ["status", "analysis", "box"]
        );
        assert_eq!(words("resolve-library-id"), ["resolve", "library", "id"]);
    }

    #[test]
    fn request_from_program_values() {
        use serde_json::json;
        assert_eq!(
            SearchRequest::from_input(&json!(null)).unwrap(),
            SearchRequest::default()
        );
        assert_eq!(SearchRequest::from_input(&json!("x")).unwrap().query, "x");
        let r =
            SearchRequest::from_input(&json!({"query": "a", "limit": 5.0, "offset": 10})).unwrap();
        assert_eq!((r.limit, r.offset), (Some(5), 10));
        let e = SearchRequest::from_input(&json!({"q": "a"})).unwrap_err();
        assert!(e.to_string().contains("unknown field `q`"), "{e}");
        assert!(SearchRequest::from_input(&json!({"limit": -1})).is_err());
        assert!(SearchRequest::from_input(&json!({"limit": 1.5})).is_err());
        assert!(SearchRequest::from_input(&json!(3)).is_err());
    }
}
