use codemode_core::{Language, VmLimits};
use std::time::Duration;

/// What to do with a result larger than `max_output_bytes`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OversizedResult {
    /// Replace it by the start of its JSON text and an in-band marker, set `truncated`, and
    /// add a `Truncated` warning (as OpenCode does).
    #[default]
    Truncate,
    /// Fail with short feedback the model can act on (as PAI does).
    Fail,
}

/// What one execution may spend. `None` means unlimited.
#[derive(Debug, Clone, PartialEq)]
pub struct Limits {
    /// Wall-clock bound for the whole execution, tool calls included.
    pub timeout: Option<Duration>,
    /// Host calls admitted (tools, `search` and extensions all count).
    pub max_tool_calls: Option<usize>,
    /// Largest result, as compact JSON bytes.
    pub max_output_bytes: Option<usize>,
    /// Host calls running at once (1..=64).
    pub max_host_call_concurrency: usize,
    /// Largest input of one call, as JSON bytes; a larger one is rejected (catchably).
    pub max_call_input_bytes: Option<usize>,
    /// Largest output of one call, as JSON bytes; a larger one is rejected (catchably).
    pub max_call_output_bytes: Option<usize>,
    /// Most log lines kept (the most recent ones are kept).
    pub max_log_lines: usize,
    /// Most log bytes kept (the most recent lines are kept; a longer line keeps its start
    /// and ends with a marker saying how much was cut).
    pub max_log_bytes: usize,
    /// Host calls admitted and not yet finished, at once. Issuing one more ends the
    /// execution with `ToolCallLimitExceeded`: pending calls hold their inputs in host
    /// memory. The inputs of pending calls are also bounded, together, by the interpreter's
    /// memory limit (`vm.max_memory_bytes`).
    pub max_pending_calls: usize,
    /// Bound on the input kept in each call record, as JSON bytes: a larger input is
    /// recorded as a string holding the start of its JSON text and a truncation marker. The
    /// error text kept in a record has the same bound. (The tool itself gets the whole input.)
    pub max_record_input_bytes: usize,
    /// Bound on the call records kept in memory, as JSON bytes: records past it are replaced
    /// by a count of what was omitted (`toolCallsOmitted`) and a `Truncated` warning. When
    /// `max_output_bytes` is set, the whole serialized result (value, logs, warnings and
    /// records) is fitted into it as well.
    pub max_records_bytes: usize,
    /// What to do with a result larger than `max_output_bytes`.
    pub oversized_result: OversizedResult,
    /// The interpreter's own bounds (fuel, memory, frames, nesting, sizes).
    pub vm: VmLimits,
}

impl Limits {
    /// The defaults for a language, as the seeds set them: Lua gets a 120 s timeout, 128 host
    /// calls and a 64 KiB result; JavaScript is unlimited unless set.
    pub fn for_language(language: Language) -> Limits {
        let base = Limits {
            timeout: None,
            max_tool_calls: None,
            max_output_bytes: None,
            max_host_call_concurrency: 4,
            max_call_input_bytes: None,
            max_call_output_bytes: None,
            max_log_lines: 1000,
            max_log_bytes: 256 * 1024,
            max_pending_calls: 1024,
            max_record_input_bytes: 1024,
            max_records_bytes: 1 << 20,
            oversized_result: OversizedResult::Truncate,
            vm: VmLimits::default(),
        };
        match language {
            Language::Lua => Limits {
                timeout: Some(Duration::from_millis(120_000)),
                max_tool_calls: Some(128),
                max_output_bytes: Some(65_536),
                ..base
            },
            Language::JavaScript => base,
        }
    }

    /// Checks the configuration; the builder calls this.
    pub fn validate(&self) -> Result<(), String> {
        if !(1..=64).contains(&self.max_host_call_concurrency) {
            return Err(format!(
                "maxHostCallConcurrency must be between 1 and 64, got {}",
                self.max_host_call_concurrency
            ));
        }
        if self.timeout == Some(Duration::ZERO) {
            return Err("timeout must be greater than zero".into());
        }
        if self.max_output_bytes == Some(0) {
            return Err("maxOutputBytes must be greater than zero".into());
        }
        if self.max_call_input_bytes == Some(0) || self.max_call_output_bytes == Some(0) {
            return Err("per-call byte limits must be greater than zero".into());
        }
        if self.max_log_lines == 0 || self.max_log_bytes == 0 {
            return Err("the log budget must be greater than zero".into());
        }
        if self.max_pending_calls == 0 {
            return Err("maxPendingCalls must be greater than zero".into());
        }
        if self.max_record_input_bytes == 0 || self.max_records_bytes == 0 {
            return Err("the call-record bounds must be greater than zero".into());
        }
        let vm = &self.vm;
        if vm.max_fuel == 0
            || vm.max_frames == 0
            || vm.max_memory_bytes == 0
            || vm.max_nesting == 0
            || vm.max_source_bytes == 0
            || vm.max_string_len == 0
            || vm.max_collection_len == 0
        {
            return Err("interpreter limits must all be greater than zero".into());
        }
        Ok(())
    }
}
