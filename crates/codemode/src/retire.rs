//! What becomes of a finished execution's state.

use codemode_core::Execution;
use std::sync::Arc;

/// The state a finished execution leaves: its heap, stacks and compiled code. Dropping it
/// frees them, which takes time in proportion to what the program built (about 35 M
/// instructions for a JavaScript heap of 200,000 objects).
///
/// Handed to the function given to [`Builder::retire_with`](crate::Builder::retire_with).
pub struct RetiredExecution {
    _state: Box<dyn Execution>,
}

impl RetiredExecution {
    pub(crate) fn new(state: Box<dyn Execution>) -> Self {
        Self { _state: state }
    }
}

impl std::fmt::Debug for RetiredExecution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RetiredExecution")
    }
}

/// The host's choice of what to do with a finished execution's state.
pub(crate) type Retire = Arc<dyn Fn(RetiredExecution) + Send + Sync>;
