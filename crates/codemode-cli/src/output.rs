//! stdout carries exactly one JSON document, and a person or script must learn when it could
//! not: a closed or full stdout is a one-line error and exit 2, a reader that went away
//! (`codemode run prog.lua | head -c 10`) ends the process quietly by SIGPIPE.

use crate::sys;
use std::fs::File;
use std::io::{ErrorKind, Write};
use std::os::fd::AsFd;

/// The process's stdout, written without std's line buffer so that every error surfaces
/// (std's `println!` panics on a broken pipe and treats a closed descriptor as success).
pub struct Stdout(File);

impl Stdout {
    /// Takes stdout for the result, or says why it cannot carry one. Checked before the
    /// program runs, so its tools do no work whose result would be lost.
    pub fn open() -> Result<Stdout, String> {
        let fd = std::io::stdout()
            .as_fd()
            .try_clone_to_owned()
            .map_err(|e| format!("stdout is not usable: {e}"))?;
        let file = File::from(fd);
        if sys::stdout_was_closed() {
            return Err("stdout is closed: the result has nowhere to go".into());
        }
        Ok(Stdout(file))
    }

    /// Writes `text` and a newline. A reader that has gone ends the process (SIGPIPE);
    /// any other failure is the one line to show.
    pub fn write_line(&mut self, text: &str) -> Result<(), String> {
        let mut line = Vec::with_capacity(text.len() + 1);
        line.extend_from_slice(text.as_bytes());
        line.push(b'\n');
        match self.0.write_all(&line).and_then(|()| self.0.flush()) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == ErrorKind::BrokenPipe => sys::die_of_sigpipe(),
            Err(e) => Err(format!("cannot write the result to stdout: {e}")),
        }
    }
}

/// One line on stderr. A closed or broken stderr is ignored: there is nowhere else to say it,
/// and `eprintln!` would panic.
pub fn say(line: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{line}");
}
