use crate::CallContext;
use crate::Context;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};

/// A tool's path: its segments (`["orders", "lookup-by-id"]`). Dots in a name given as a
/// string create segments.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ToolPath(Vec<String>);

impl ToolPath {
    /// Splits a dotted name into segments. Empty segments are refused.
    pub fn parse(dotted: &str) -> Result<ToolPath, String> {
        let segments: Vec<String> = dotted.split('.').map(str::to_owned).collect();
        if segments.iter().any(|s| s.is_empty()) {
            return Err(format!("invalid tool path {dotted:?}: empty segment"));
        }
        Ok(ToolPath(segments))
    }

    pub fn from_segments(segments: Vec<String>) -> ToolPath {
        ToolPath(segments)
    }

    pub fn segments(&self) -> &[String] {
        &self.0
    }

    /// The canonical dotted form (`orders.lookup-by-id`).
    pub fn dotted(&self) -> String {
        self.0.join(".")
    }

    /// The last segment.
    pub fn name(&self) -> &str {
        self.0.last().map(String::as_str).unwrap_or("")
    }
}

impl fmt::Display for ToolPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.dotted())
    }
}

/// A tool's failure: a message the program sees, plus detail only the host sees (logs,
/// hooks, call records never show `detail` to the program).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolError {
    pub message: String,
    pub detail: Option<String>,
}

impl ToolError {
    pub fn new(message: impl Into<String>) -> Self {
        ToolError {
            message: message.into(),
            detail: None,
        }
    }

    pub fn with_detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = Some(detail.into());
        self
    }
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ToolError {}

/// What a tool call returns.
pub type ToolFuture = Pin<Box<dyn Future<Output = Result<Value, ToolError>> + Send>>;

/// The code behind a tool.
pub trait ToolHandler: Send + Sync + 'static {
    fn call(&self, input: Value, cx: CallContext) -> ToolFuture;
}

impl<F, Fut> ToolHandler for F
where
    F: Fn(Value, CallContext) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<Value, ToolError>> + Send + 'static,
{
    fn call(&self, input: Value, cx: CallContext) -> ToolFuture {
        Box::pin(self(input, cx))
    }
}

/// Whether a tool's schemas are enforced or only shown to the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SchemaMode {
    /// Inputs and outputs are validated against the schemas.
    #[default]
    Validate,
    /// The schemas are rendered in signatures but never enforced (for schemas a validator
    /// cannot or should not compile).
    RenderOnly,
}

type EnabledFn = dyn Fn(&Context) -> bool + Send + Sync;

/// A tool the program can call. Cloning is cheap (schemas and handler are shared).
#[derive(Clone)]
pub struct Tool {
    path: ToolPath,
    description: Arc<str>,
    input_schema: Arc<Value>,
    output_schema: Option<Arc<Value>>,
    schema_mode: SchemaMode,
    handler: Arc<dyn ToolHandler>,
    enabled: Option<Arc<EnabledFn>>,
    validators: Arc<Validators>,
}

#[derive(Default)]
struct Validators {
    input: OnceLock<Result<jsonschema::Validator, String>>,
    output: OnceLock<Result<jsonschema::Validator, String>>,
}

impl fmt::Debug for Tool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tool")
            .field("path", &self.path)
            .field("description", &self.description)
            .field("input_schema", &self.input_schema)
            .field("output_schema", &self.output_schema)
            .field("schema_mode", &self.schema_mode)
            .finish_non_exhaustive()
    }
}

impl Tool {
    /// A tool from a raw JSON Schema of its input. `path` is dotted (`orders.lookup`).
    pub fn new(
        path: &str,
        description: impl Into<String>,
        input_schema: Value,
        handler: impl ToolHandler,
    ) -> Result<Tool, String> {
        Ok(Tool {
            path: ToolPath::parse(path)?,
            description: Arc::from(description.into()),
            input_schema: Arc::new(input_schema),
            output_schema: None,
            schema_mode: SchemaMode::Validate,
            handler: Arc::new(handler),
            enabled: None,
            validators: Arc::default(),
        })
    }

    /// A tool from Rust types: the input is decoded into `I` before `f` runs (a decode failure
    /// is an input error), and the output `O` is encoded; both schemas come from schemars.
    pub fn typed<I, O, F, Fut>(
        path: &str,
        description: impl Into<String>,
        f: F,
    ) -> Result<Tool, String>
    where
        I: DeserializeOwned + JsonSchema + Send + 'static,
        O: Serialize + JsonSchema + 'static,
        F: Fn(I, CallContext) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<O, ToolError>> + Send + 'static,
    {
        let input_schema = serde_json::to_value(schemars::schema_for!(I))
            .map_err(|e| format!("input schema of {path}: {e}"))?;
        let output_schema = serde_json::to_value(schemars::schema_for!(O))
            .map_err(|e| format!("output schema of {path}: {e}"))?;
        let f = Arc::new(f);
        let handler = move |input: Value, cx: CallContext| -> ToolFuture {
            let decoded: Result<I, _> = serde_json::from_value(input);
            match decoded {
                Err(e) => {
                    Box::pin(async move { Err(ToolError::new(format!("invalid input: {e}"))) })
                }
                Ok(input) => {
                    let fut = f(input, cx);
                    Box::pin(async move {
                        let out = fut.await?;
                        serde_json::to_value(out)
                            .map_err(|e| ToolError::new(format!("invalid output: {e}")))
                    })
                }
            }
        };
        let mut tool = Tool::new(path, description, input_schema, handler)?;
        tool.output_schema = Some(Arc::new(output_schema));
        Ok(tool)
    }

    pub fn with_output_schema(self, schema: Value) -> Tool {
        self.with_shared_output_schema(Arc::new(schema))
    }

    /// [`Tool::with_output_schema`] with a schema other tools may share (many operations of
    /// an API return the same type; sharing keeps one copy).
    pub fn with_shared_output_schema(mut self, schema: Arc<Value>) -> Tool {
        self.output_schema = Some(schema);
        self.validators = Arc::default();
        self
    }

    /// Shows the schemas to the model but never enforces them.
    pub fn render_only(mut self) -> Tool {
        self.schema_mode = SchemaMode::RenderOnly;
        self
    }

    /// The tool exists only in executions whose context satisfies `predicate`.
    pub fn enabled_when(
        mut self,
        predicate: impl Fn(&Context) -> bool + Send + Sync + 'static,
    ) -> Tool {
        self.enabled = Some(Arc::new(predicate));
        self
    }

    pub fn path(&self) -> &ToolPath {
        &self.path
    }

    pub fn description(&self) -> &str {
        &self.description
    }

    pub fn input_schema(&self) -> &Value {
        &self.input_schema
    }

    pub fn output_schema(&self) -> Option<&Value> {
        self.output_schema.as_deref()
    }

    pub fn schema_mode(&self) -> SchemaMode {
        self.schema_mode
    }

    /// Whether the tool exists for an execution with this context.
    pub fn is_enabled(&self, context: &Context) -> bool {
        self.enabled.as_ref().is_none_or(|p| p(context))
    }

    /// Whether the tool has an `enabled_when` predicate (hosts skip per-context filtering
    /// when no tool has one).
    pub fn has_enabled_predicate(&self) -> bool {
        self.enabled.is_some()
    }

    /// Starts the call. Validation is the driver's job ([`Tool::validate_input`]).
    pub fn call(&self, input: Value, context: Context) -> ToolFuture {
        let cx = CallContext {
            path: self.path.dotted(),
            context,
        };
        self.handler.call(input, cx)
    }

    /// Checks an input against the input schema. `Err` holds a message naming the offending
    /// location. Render-only tools accept everything.
    pub fn validate_input(&self, input: &Value) -> Result<(), String> {
        if self.schema_mode == SchemaMode::RenderOnly {
            return Ok(());
        }
        check(&self.validators.input, &self.input_schema, input)
    }

    /// Checks an output against the output schema, if there is one.
    pub fn validate_output(&self, output: &Value) -> Result<(), String> {
        if self.schema_mode == SchemaMode::RenderOnly {
            return Ok(());
        }
        match &self.output_schema {
            None => Ok(()),
            Some(schema) => check(&self.validators.output, schema, output),
        }
    }

    /// Compiles both schemas now, so a schema the validator rejects is reported when the
    /// catalog is built rather than at the first call. The compiled validators are not
    /// kept: a large API's validators take more memory than its schemas (GitHub's 1,220
    /// tools: 77 MiB), and most tools are never called; a call compiles its tool's again.
    pub fn check_schemas(&self) -> Result<(), String> {
        self.check_schemas_once(&mut std::collections::HashSet::new())
    }

    /// [`Tool::check_schemas`], skipping schemas whose address is in `checked` (tools that
    /// share one schema need one check) and adding the ones it checks.
    pub(crate) fn check_schemas_once(
        &self,
        checked: &mut std::collections::HashSet<*const Value>,
    ) -> Result<(), String> {
        if self.schema_mode == SchemaMode::RenderOnly {
            return Ok(());
        }
        let check =
            |cell: &OnceLock<Result<jsonschema::Validator, String>>, schema: &Value| match cell
                .get()
            {
                Some(done) => done.as_ref().map(|_| ()).map_err(Clone::clone),
                None => jsonschema::validator_for(schema)
                    .map(|_| ())
                    .map_err(|e| e.to_string()),
            };
        let input: &Value = &self.input_schema;
        if !checked.contains(&std::ptr::from_ref(input)) {
            check(&self.validators.input, input)
                .map_err(|e| format!("input schema of {}: {e}", self.path))?;
            checked.insert(std::ptr::from_ref(input));
        }
        if let Some(schema) = self.output_schema.as_deref() {
            if !checked.contains(&std::ptr::from_ref(schema)) {
                check(&self.validators.output, schema)
                    .map_err(|e| format!("output schema of {}: {e}", self.path))?;
                checked.insert(std::ptr::from_ref(schema));
            }
        }
        Ok(())
    }
}

fn compiled<'a>(
    cell: &'a OnceLock<Result<jsonschema::Validator, String>>,
    schema: &Value,
) -> Result<&'a jsonschema::Validator, String> {
    cell.get_or_init(|| jsonschema::validator_for(schema).map_err(|e| e.to_string()))
        .as_ref()
        .map_err(Clone::clone)
}

fn check(
    cell: &OnceLock<Result<jsonschema::Validator, String>>,
    schema: &Value,
    value: &Value,
) -> Result<(), String> {
    let validator = compiled(cell, schema).map_err(|e| format!("invalid schema: {e}"))?;
    let errors: Vec<String> = validator
        .iter_errors(value)
        .take(5)
        .map(|e| {
            let at = e.instance_path().to_string();
            if at.is_empty() {
                e.to_string()
            } else {
                format!("{at}: {e}")
            }
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("; "))
    }
}
