//! Declarations of chosen tools, and structured descriptors of all of them.

use crate::catalog::Catalog;
use crate::expression::{parse_path_text, segments_expression, RenderOptions};
use crate::search::{clip_for_message, hint};
use crate::signature::SignatureForm;
use serde::Serialize;

/// Why `describe` could not answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DescribeError {
    #[error("unknown tool `{path}`{}", hint(suggestions))]
    UnknownTool {
        path: String,
        suggestions: Vec<String>,
    },
    #[error("the declarations of {tools} tool(s) take {size} bytes, over the budget of {budget} bytes; describe fewer tools")]
    TooLarge {
        size: usize,
        budget: usize,
        tools: usize,
    },
}

/// One tool as a host lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ToolDescriptor {
    /// Canonical dotted path (`context7.resolve-library-id`).
    pub path: String,
    /// How the program calls it (`tools.context7["resolve-library-id"]`).
    pub expression: String,
    pub description: String,
    /// The compact signature in the selected language.
    pub signature: String,
}

impl Catalog {
    /// The full declarations of the named tools (canonical, `tools.`-prefixed or rendered
    /// paths), separated by blank lines, in the order asked (duplicates once).
    pub fn describe(
        &self,
        paths: &[String],
        max_bytes: usize,
        opts: &RenderOptions,
    ) -> Result<String, DescribeError> {
        let mut chosen: Vec<usize> = Vec::new();
        for path in paths {
            match self.find_index(path, opts) {
                Some(i) => {
                    if !chosen.contains(&i) {
                        chosen.push(i);
                    }
                }
                None => {
                    let segments = parse_path_text(path, opts)
                        .into_iter()
                        .next()
                        .unwrap_or_default();
                    return Err(DescribeError::UnknownTool {
                        path: clip_for_message(path),
                        suggestions: self.suggest(&segments, 3, opts),
                    });
                }
            }
        }
        let mut out = String::new();
        for (k, &i) in chosen.iter().enumerate() {
            if k > 0 {
                out.push_str("\n\n");
            }
            out.push_str(&self.signature_at(i, opts, SignatureForm::Full));
        }
        if out.len() > max_bytes {
            return Err(DescribeError::TooLarge {
                size: out.len(),
                budget: max_bytes,
                tools: chosen.len(),
            });
        }
        Ok(out)
    }

    /// Every visible tool with its expression and compact signature, by path.
    pub fn descriptors(&self, opts: &RenderOptions) -> Vec<ToolDescriptor> {
        self.visible_indexes(0..self.inner.tools.len())
            .filter_map(|i| {
                let tool = self.inner.tools.get(i)?;
                Some(ToolDescriptor {
                    path: tool.path().dotted(),
                    expression: segments_expression(tool.path().segments(), opts),
                    description: tool.description().to_owned(),
                    signature: self
                        .signature_at(i, opts, SignatureForm::Compact)
                        .to_string(),
                })
            })
            .collect()
    }
}
