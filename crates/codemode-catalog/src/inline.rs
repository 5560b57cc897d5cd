//! The catalog written into the model's prompt: compact signatures grouped by namespace,
//! within a byte budget shared fairly between namespaces.

use crate::catalog::Catalog;
use crate::expression::RenderOptions;
use crate::signature::SignatureForm;
use codemode_core::Language;

/// Longest one-line summary of a tool in the inline catalog.
const SUMMARY_CHARS: usize = 160;
/// Longest namespace description in a group header.
const HEADER_DESCRIPTION_CHARS: usize = 200;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlineCatalog {
    pub text: String,
    /// Every visible tool is shown.
    pub complete: bool,
    pub shown: usize,
    pub total: usize,
    /// Per group (the tools' parent namespace; `""` for top-level tools), in text order:
    /// (namespace, shown, total).
    pub per_namespace: Vec<(String, usize, usize)>,
}

struct Group {
    path: String,
    header: String,
    entries: Vec<String>,
    shown: usize,
    blocked: bool,
}

impl Catalog {
    /// Compact signatures, each after a one-line summary, grouped by parent namespace with
    /// the namespace's description. When everything does not fit in `max_bytes`, groups take
    /// turns adding their next tool (alphabetically) until nothing more fits.
    pub fn inline_catalog(&self, opts: &RenderOptions, max_bytes: usize) -> InlineCatalog {
        let comment = match opts.language {
            Language::JavaScript => "//",
            Language::Lua => "--",
        };
        let mut groups: Vec<Group> = Vec::new();
        for i in self.visible_indexes(0..self.inner.tools.len()) {
            let Some(tool) = self.inner.tools.get(i) else {
                continue;
            };
            let segments = tool.path().segments();
            let parent = segments
                .split_last()
                .map(|(_, p)| p.join("."))
                .unwrap_or_default();
            if groups.last().is_none_or(|g| g.path != parent) {
                groups.push(Group {
                    header: String::new(),
                    path: parent,
                    entries: Vec::new(),
                    shown: 0,
                    blocked: false,
                });
            }
            let mut entry = String::new();
            let summary = summary(tool.description());
            if !summary.is_empty() {
                entry.push_str(comment);
                entry.push(' ');
                entry.push_str(&summary);
                entry.push('\n');
            }
            entry.push_str(&self.signature_at(i, opts, SignatureForm::Compact));
            entry.push('\n');
            if let Some(g) = groups.last_mut() {
                g.entries.push(entry);
            }
        }
        for g in &mut groups {
            if g.path.is_empty() {
                continue;
            }
            let description = self
                .inner
                .ns_by_path
                .get(&g.path)
                .and_then(|&k| self.inner.namespaces.get(k))
                .map(|n| clip(&one_line(&n.description), HEADER_DESCRIPTION_CHARS))
                .unwrap_or_default();
            let count = match g.entries.len() {
                1 => "1 tool".to_owned(),
                n => format!("{n} tools"),
            };
            g.header = if description.is_empty() {
                format!("{comment} namespace {} ({count})\n", g.path)
            } else {
                format!("{comment} namespace {} ({count}): {description}\n", g.path)
            };
        }
        let total: usize = groups.iter().map(|g| g.entries.len()).sum();
        let mut used = 0usize;
        loop {
            let mut progressed = false;
            for (k, g) in groups.iter_mut().enumerate() {
                if g.blocked || g.shown >= g.entries.len() {
                    continue;
                }
                let mut cost = g.entries[g.shown].len();
                if g.shown == 0 {
                    // A blank line separates groups.
                    cost += g.header.len() + usize::from(k > 0);
                }
                if used + cost <= max_bytes {
                    used += cost;
                    g.shown += 1;
                    progressed = true;
                } else {
                    g.blocked = true;
                }
            }
            if !progressed {
                break;
            }
        }
        let mut text = String::with_capacity(used);
        let mut per_namespace = Vec::new();
        let mut shown = 0;
        for g in &groups {
            per_namespace.push((g.path.clone(), g.shown, g.entries.len()));
            if g.shown == 0 {
                continue;
            }
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&g.header);
            for e in &g.entries[..g.shown] {
                text.push_str(e);
            }
            shown += g.shown;
        }
        InlineCatalog {
            text,
            complete: shown == total,
            shown,
            total,
            per_namespace,
        }
    }
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_owned()
    } else {
        let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
        out.push('…');
        out
    }
}

/// The first sentence (or line) of a description, clipped.
fn summary(description: &str) -> String {
    clip(&crate::search::summary(description), SUMMARY_CHARS)
}
