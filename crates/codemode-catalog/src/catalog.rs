//! The set of tools one runtime offers, validated once, with the indexes lookups and search
//! need.

use crate::expression::{segments_expression, RenderOptions};
use crate::namespace::{Namespace, NamespaceInfo};
use crate::search::SearchIndex;
use crate::signature::{signature, SignatureForm};
use crate::{Context, Tool};
use codemode_core::{Language, ToolRoot};
use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex};

/// Why a catalog could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogError {
    #[error("invalid path {path:?}: {reason}")]
    InvalidPath { path: String, reason: String },
    #[error("duplicate tool `{0}`")]
    DuplicateTool(String),
    #[error("tool `{tool}` is also the namespace of tool `{descendant}`; a path is either a tool or a namespace")]
    ToolIsNamespace { tool: String, descendant: String },
    #[error("namespace `{0}` is declared twice")]
    DuplicateNamespace(String),
    #[error("namespace `{0}` is also a tool")]
    NamespaceIsTool(String),
    #[error("tool `{path}` has an invalid schema: {message}")]
    InvalidSchema { path: String, message: String },
}

/// Tools sorted by canonical path, with their namespaces and a search index. Cheap to clone;
/// [`Catalog::for_context`] gives the view one execution sees.
#[derive(Clone)]
pub struct Catalog {
    pub(crate) inner: Arc<Inner>,
    /// Which tools this view shows (`None`: all).
    pub(crate) visible: Option<Arc<[bool]>>,
}

pub(crate) struct Inner {
    pub tools: Vec<Tool>,
    pub dotted: Vec<String>,
    pub by_path: HashMap<String, usize>,
    /// Every proper prefix of a tool path, sorted by dotted path.
    pub namespaces: Vec<NsEntry>,
    pub ns_by_path: HashMap<String, usize>,
    pub index: SearchIndex,
    /// Whether any tool has an `enabled_when` predicate.
    any_predicate: bool,
    cache: Mutex<HashMap<SigKey, Arc<str>>>,
}

pub(crate) struct NsEntry {
    pub path: String,
    pub description: String,
    /// The tools below it, as a range of tool indexes (dotted paths sharing a prefix are
    /// contiguous in sorted order).
    pub tools: Range<usize>,
}

#[derive(Hash, PartialEq, Eq)]
struct SigKey {
    tool: usize,
    language: Language,
    root: Option<String>,
    form: SignatureForm,
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalog")
            .field("tools", &self.len())
            .finish_non_exhaustive()
    }
}

fn check_segments(path: &str, segments: &[String]) -> Result<(), CatalogError> {
    let invalid = |reason: &str| CatalogError::InvalidPath {
        path: path.to_owned(),
        reason: reason.to_owned(),
    };
    if segments.is_empty() {
        return Err(invalid("no segments"));
    }
    for s in segments {
        if s.is_empty() {
            return Err(invalid("empty segment"));
        }
        if s.contains('.') {
            return Err(invalid("a segment contains '.'"));
        }
    }
    Ok(())
}

impl Catalog {
    /// Validates the tools and namespaces and builds the indexes.
    pub fn new(tools: Vec<Tool>, namespaces: Vec<Namespace>) -> Result<Catalog, CatalogError> {
        let mut tools = tools;
        // Schemas shared between tools (an API's common response types) are checked once.
        let mut checked = std::collections::HashSet::new();
        for tool in &tools {
            check_segments(&tool.path().dotted(), tool.path().segments())?;
            tool.check_schemas_once(&mut checked).map_err(|message| {
                CatalogError::InvalidSchema {
                    path: tool.path().dotted(),
                    message,
                }
            })?;
        }
        let mut keyed: Vec<(String, Tool)> =
            tools.drain(..).map(|t| (t.path().dotted(), t)).collect();
        keyed.sort_by(|a, b| a.0.cmp(&b.0));
        for pair in keyed.windows(2) {
            if pair[0].0 == pair[1].0 {
                return Err(CatalogError::DuplicateTool(pair[0].0.clone()));
            }
        }
        let (dotted, tools): (Vec<String>, Vec<Tool>) = keyed.into_iter().unzip();
        let range_of = |prefix: &str| -> Range<usize> {
            let with_dot = format!("{prefix}.");
            let start = dotted.partition_point(|p| p.as_str() < with_dot.as_str());
            let len = dotted[start..]
                .iter()
                .take_while(|p| p.starts_with(&with_dot))
                .count();
            start..start + len
        };
        for path in &dotted {
            let below = range_of(path);
            if let Some(descendant) = dotted.get(below.start).filter(|_| !below.is_empty()) {
                return Err(CatalogError::ToolIsNamespace {
                    tool: path.clone(),
                    descendant: descendant.clone(),
                });
            }
        }
        let by_path: HashMap<String, usize> = dotted
            .iter()
            .enumerate()
            .map(|(i, p)| (p.clone(), i))
            .collect();

        let mut declared: HashMap<String, String> = HashMap::new();
        for ns in namespaces {
            let segments: Vec<String> = ns.path.split('.').map(str::to_owned).collect();
            check_segments(&ns.path, &segments)?;
            if by_path.contains_key(&ns.path) {
                return Err(CatalogError::NamespaceIsTool(ns.path));
            }
            if declared.contains_key(&ns.path) {
                return Err(CatalogError::DuplicateNamespace(ns.path));
            }
            declared.insert(ns.path, ns.description);
        }
        let mut ns_paths: Vec<String> = Vec::new();
        for tool in &tools {
            let segments = tool.path().segments();
            for k in 1..segments.len() {
                ns_paths.push(segments[..k].join("."));
            }
        }
        ns_paths.sort();
        ns_paths.dedup();
        let namespaces: Vec<NsEntry> = ns_paths
            .into_iter()
            .map(|path| NsEntry {
                description: declared.get(&path).cloned().unwrap_or_default(),
                tools: range_of(&path),
                path,
            })
            .collect();
        let ns_by_path = namespaces
            .iter()
            .enumerate()
            .map(|(i, n)| (n.path.clone(), i))
            .collect();
        let index = SearchIndex::build(&tools, &namespaces);
        let any_predicate = tools.iter().any(Tool::has_enabled_predicate);
        Ok(Catalog {
            inner: Arc::new(Inner {
                tools,
                dotted,
                by_path,
                namespaces,
                ns_by_path,
                index,
                any_predicate,
                cache: Mutex::new(HashMap::new()),
            }),
            visible: None,
        })
    }

    /// The view of one execution: only tools enabled for `context`.
    pub fn for_context(&self, context: &Context) -> Catalog {
        if !self.inner.any_predicate {
            return self.clone();
        }
        let mask: Vec<bool> = self
            .inner
            .tools
            .iter()
            .enumerate()
            .map(|(i, t)| self.is_visible(i) && t.is_enabled(context))
            .collect();
        Catalog {
            inner: self.inner.clone(),
            visible: if mask.iter().all(|v| *v) {
                None
            } else {
                Some(mask.into())
            },
        }
    }

    pub(crate) fn is_visible(&self, index: usize) -> bool {
        match &self.visible {
            None => true,
            Some(mask) => mask.get(index).copied().unwrap_or(false),
        }
    }

    pub(crate) fn visible_indexes(&self, range: Range<usize>) -> impl Iterator<Item = usize> + '_ {
        range.filter(move |i| self.is_visible(*i))
    }

    /// How many tools this view shows.
    pub fn len(&self) -> usize {
        match &self.visible {
            None => self.inner.tools.len(),
            Some(mask) => mask.iter().filter(|v| **v).count(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The visible tools, sorted by canonical path.
    pub fn tools(&self) -> impl Iterator<Item = &Tool> + '_ {
        self.inner
            .tools
            .iter()
            .enumerate()
            .filter(|(i, _)| self.is_visible(*i))
            .map(|(_, t)| t)
    }

    pub(crate) fn index_of(&self, segments: &[String]) -> Option<usize> {
        if segments.is_empty() || segments.iter().any(|s| s.contains('.') || s.is_empty()) {
            return None;
        }
        let i = *self.inner.by_path.get(&segments.join("."))?;
        self.is_visible(i).then_some(i)
    }

    /// The visible tool at `segments` (relative to the tool root).
    pub fn lookup(&self, segments: &[String]) -> Option<&Tool> {
        self.index_of(segments)
            .and_then(|i| self.inner.tools.get(i))
    }

    /// The visible tool with canonical dotted path `path`.
    pub fn lookup_dotted(&self, path: &str) -> Option<&Tool> {
        let i = *self.inner.by_path.get(path)?;
        if self.is_visible(i) {
            self.inner.tools.get(i)
        } else {
            None
        }
    }

    /// The visible tool a text names: canonical (`orders.lookup`), `tools.`-prefixed, or as
    /// rendered for `opts` (`tools.context7["resolve-library-id"]`).
    pub fn find(&self, text: &str, opts: &RenderOptions) -> Option<&Tool> {
        self.find_index(text, opts)
            .and_then(|i| self.inner.tools.get(i))
    }

    pub(crate) fn find_index(&self, text: &str, opts: &RenderOptions) -> Option<usize> {
        crate::expression::parse_path_text(text, opts)
            .iter()
            .find_map(|segments| self.index_of(segments))
    }

    pub(crate) fn namespace_entry(&self, segments: &[String]) -> Option<&NsEntry> {
        if segments.iter().any(|s| s.contains('.') || s.is_empty()) {
            return None;
        }
        let entry = self
            .inner
            .namespaces
            .get(*self.inner.ns_by_path.get(&segments.join("."))?)?;
        self.visible_indexes(entry.tools.clone())
            .next()
            .map(|_| entry)
    }

    /// Whether `segments` name a namespace with at least one visible tool.
    pub fn is_namespace(&self, segments: &[String]) -> bool {
        self.namespace_entry(segments).is_some()
    }

    /// Every namespace that holds a visible tool, sorted by path, with its tool count.
    pub fn namespaces(&self) -> Vec<NamespaceInfo> {
        self.inner
            .namespaces
            .iter()
            .filter_map(|n| {
                let count = self.visible_indexes(n.tools.clone()).count();
                (count > 0).then(|| NamespaceInfo {
                    path: n.path.clone(),
                    description: n.description.clone(),
                    tools: count,
                })
            })
            .collect()
    }

    /// The distinct first segments of visible tools: the globals that
    /// [`ToolRoot::Globals`] creates.
    pub fn top_level_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .tools()
            .filter_map(|t| t.path().segments().first().cloned())
            .collect();
        names.dedup();
        names
    }

    /// The expression for a path in this catalog's rendering (no lookup).
    pub fn expression(&self, tool: &Tool, opts: &RenderOptions) -> String {
        segments_expression(tool.path().segments(), opts)
    }

    /// A tool's signature, rendered once per options and form and then cached.
    pub fn signature(&self, tool: &Tool, opts: &RenderOptions, form: SignatureForm) -> Arc<str> {
        match self.inner.by_path.get(&tool.path().dotted()) {
            Some(i) => self.signature_at(*i, opts, form),
            None => signature(tool, opts, form).into(),
        }
    }

    pub(crate) fn signature_at(
        &self,
        index: usize,
        opts: &RenderOptions,
        form: SignatureForm,
    ) -> Arc<str> {
        let key = SigKey {
            tool: index,
            language: opts.language,
            root: match &opts.root {
                ToolRoot::Tools => None,
                ToolRoot::Globals => Some(String::new()),
                ToolRoot::Named(n) => Some(format!("={n}")),
            },
            form,
        };
        if let Ok(cache) = self.inner.cache.lock() {
            if let Some(hit) = cache.get(&key) {
                return hit.clone();
            }
        }
        let Some(tool) = self.inner.tools.get(index) else {
            return Arc::from("");
        };
        let text: Arc<str> = signature(tool, opts, form).into();
        if let Ok(mut cache) = self.inner.cache.lock() {
            cache.insert(key, text.clone());
        }
        text
    }

    /// The nearest visible tool paths to `segments`, rendered as expressions: tools with the
    /// same name in another namespace, paths within a small edit distance, and the tools of a
    /// namespace that was called as if it were a tool.
    pub fn suggest(&self, segments: &[String], n: usize, opts: &RenderOptions) -> Vec<String> {
        self.suggest_indexes(segments, n)
            .into_iter()
            .filter_map(|i| self.inner.tools.get(i))
            .map(|t| segments_expression(t.path().segments(), opts))
            .collect()
    }

    pub(crate) fn suggest_indexes(&self, segments: &[String], n: usize) -> Vec<usize> {
        if n == 0 || segments.is_empty() {
            return Vec::new();
        }
        let query: String = segments
            .join(".")
            .to_lowercase()
            .chars()
            .take(200)
            .collect();
        let query_norm = normalize(&query);
        let last_norm = segments
            .last()
            .map(|s| normalize(&s.to_lowercase()))
            .unwrap_or_default();
        let limit = (query.chars().count() / 3).max(2);
        let ns = self.namespace_entry(segments).map(|e| e.tools.clone());
        let mut scored: Vec<(usize, usize)> = Vec::new();
        for (i, path) in self.inner.dotted.iter().enumerate() {
            if !self.is_visible(i) {
                continue;
            }
            let lower = path.to_lowercase();
            let name = lower.rsplit('.').next().unwrap_or(&lower);
            let score = if normalize(&lower) == query_norm {
                0
            } else if normalize(name) == last_norm {
                1
            } else if let Some(d) = bounded_levenshtein(&query, &lower, limit) {
                2 + d
            } else if lower.len() > query.len()
                && lower.starts_with(&query)
                && lower.as_bytes()[query.len()] != b'.'
            {
                // `orders.lookup` for `orders.lookup-by-id`: a prefix of the name.
                3
            } else if ns.as_ref().is_some_and(|r| r.contains(&i)) {
                limit + 3
            } else if segments.len() > 1
                && lower.rsplit_once('.').map(|(parent, _)| parent)
                    == query.rsplit_once('.').map(|(parent, _)| parent)
            {
                // A sibling in the same namespace is better than nothing.
                limit + 4
            } else {
                continue;
            };
            scored.push((score, i));
        }
        scored.sort();
        // Far worse candidates than the best one are noise.
        let cutoff = scored.first().map_or(0, |(best, _)| best + 2);
        scored
            .into_iter()
            .take_while(|(score, _)| *score <= cutoff)
            .take(n)
            .map(|(_, i)| i)
            .collect()
    }
}

/// Lowercase text without `_` and `-`, so `readFile`, `read_file` and `read-file` agree.
fn normalize(text: &str) -> String {
    text.chars().filter(|c| *c != '_' && *c != '-').collect()
}

/// Edit distance when it is at most `limit` (a band of width `2 * limit` of the matrix).
pub(crate) fn bounded_levenshtein(a: &str, b: &str, limit: usize) -> Option<usize> {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    let big = limit + 1;
    let mut prev: Vec<usize> = (0..=b.len()).map(|j| j.min(big)).collect();
    let mut cur = vec![big; b.len() + 1];
    for i in 1..=a.len() {
        let lo = i.saturating_sub(limit).max(1);
        let hi = (i + limit).min(b.len());
        cur.iter_mut().for_each(|c| *c = big);
        cur[0] = i.min(big);
        let mut row_min = cur[0];
        for j in lo..=hi {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let v = (prev[j - 1] + cost)
                .min(prev[j] + 1)
                .min(cur[j - 1] + 1)
                .min(big);
            cur[j] = v;
            row_min = row_min.min(v);
        }
        if row_min > limit {
            return None;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    let d = prev[b.len()];
    (d <= limit).then_some(d)
}

#[cfg(test)]
mod tests {
    use super::bounded_levenshtein;

    #[test]
    fn banded_edit_distance() {
        assert_eq!(bounded_levenshtein("kitten", "sitting", 3), Some(3));
        assert_eq!(bounded_levenshtein("kitten", "sitting", 2), None);
        assert_eq!(bounded_levenshtein("", "ab", 2), Some(2));
        assert_eq!(bounded_levenshtein("abc", "abc", 0), Some(0));
        assert_eq!(
            bounded_levenshtein("orders.lokup", "orders.lookup", 2),
            Some(1)
        );
    }
}
