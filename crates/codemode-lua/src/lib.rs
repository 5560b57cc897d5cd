//! A metered Lua 5.4 interpreter that suspends on host calls.
//!
//! Source is parsed by `codemode-lua-syntax`, compiled to register bytecode
//! ([`bytecode`]) and run by a VM ([`vm`]) whose frames live in a `Vec` (program calls
//! never recurse natively). Values are 16-byte `Copy` words with handles into a per-execution
//! heap ([`heap`]) that accounts bytes and collects garbage. Tool paths, `search` and
//! extensions are host objects: calling one suspends the execution with a
//! [`codemode_core::HostCall`] ([`host`]). [`LuaInterpreter`] implements
//! [`codemode_core::Interpreter`].
//!
//! Decisions worth knowing:
//! - `type(tools.orders)` is `"userdata"` (an indexable, callable host object);
//!   `type(search)` and `type(now)` (extensions) are `"function"`.
//! - JSON imported from the host: arrays and objects keep their shape even when empty;
//!   `null` inside an array becomes `json.null`, `null` as an object field removes the
//!   field (as Lua's `nil` would), a `null` result is `nil`.
//! - Exported objects list their keys in insertion order.

#![forbid(unsafe_code)]
pub mod bytecode;
pub mod compiler;
pub mod heap;
pub mod host;
mod interpreter;
pub mod stdlib;
pub mod table;
pub mod value;
pub mod vm;

pub use interpreter::{LuaExecution, LuaInterpreter, LuaProgram, DEFAULT_SEED};
