//! A metered JavaScript-subset interpreter with async host calls.
//!
//! Programs are compiled to a stack bytecode ([`bytecode`]) and run by a VM whose frames
//! live in a `Vec` ([`vm`]); async functions suspend by saving their frame into the heap,
//! promise reactions run as jobs, and host calls (tools, `search`, extensions) are issued
//! through the codemode_core step protocol. Higher-order built-ins (`map`, `sort`,
//! `Promise.all`, `JSON.stringify` ...) are written in JavaScript (`prelude.js`), compiled
//! once, so callbacks are ordinary VM frames and never native recursion.

#![forbid(unsafe_code)]
// `to_number`/`to_string` on the VM are ECMAScript's abstract operations (they may throw
// and allocate), hence `&mut self`; collapsible ifs are kept where they mirror the spec steps.
#![allow(
    clippy::wrong_self_convention,
    clippy::collapsible_if,
    clippy::collapsible_match,
    clippy::box_collection
)]

mod bigint;
mod builtins;
mod bytecode;
mod compiler;
mod fast;
mod format;
mod funcs;
mod fuse;
mod heap;
mod interop;
mod interpreter;
mod json;
mod limits;
pub mod number;
mod prelude_image;
mod realm_image;
mod value;
mod vm;

pub use builtins::time_zone_exists;
#[doc(hidden)]
pub use interpreter::prelude_image;
pub use interpreter::realm_image;
pub use interpreter::JsInterpreter;
