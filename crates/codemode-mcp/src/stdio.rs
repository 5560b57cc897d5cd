//! This process's stdin and stdout as non-blocking streams where the platform allows.
//!
//! Tokio's `stdin()` and `stdout()` do every read and write on its blocking thread pool:
//! each MCP message then costs a hand-off to another thread and a wake-up back, which was
//! most of the stdio server's overhead per call. A client almost always connects us
//! through a pipe (Python, Rust and Go clients) or a socket pair (Node's child processes);
//! those are read and written through the runtime's event loop instead:
//! - a pipe is opened again through `/proc/self/fd/N`, which gives a new open file
//!   description of the same pipe, so making it non-blocking changes nothing for any other
//!   process holding the original (a shell, a parent that passed its own pipe on);
//! - a socket cannot be reopened, so a duplicate of the descriptor is made non-blocking.
//!   That flag is shared with every holder of the socket, which is why it is done only
//!   when the socket is not also our stderr (a blocking `eprintln` must not start failing
//!   with `WouldBlock`).
//!
//! Anything else (a terminal, a file, another platform) falls back to Tokio's blocking
//! stdio.

use std::pin::Pin;
use tokio::io::{AsyncRead, AsyncWrite};

pub(crate) type Reader = Pin<Box<dyn AsyncRead + Send>>;
pub(crate) type Writer = Pin<Box<dyn AsyncWrite + Send>>;

/// stdin as an async reader. Must be called within a Tokio runtime with I/O enabled.
pub(crate) fn stdin() -> Reader {
    #[cfg(target_os = "linux")]
    if let Some(reader) = linux::stdin() {
        return reader;
    }
    Box::pin(tokio::io::stdin())
}

/// stdout as an async writer. Must be called within a Tokio runtime with I/O enabled.
pub(crate) fn stdout() -> Writer {
    #[cfg(target_os = "linux")]
    if let Some(writer) = linux::stdout() {
        return writer;
    }
    Box::pin(tokio::io::stdout())
}

#[cfg(target_os = "linux")]
mod linux {
    use super::{Reader, Writer};
    use std::fs::Metadata;
    use std::os::fd::{AsFd, BorrowedFd};
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    use tokio::net::unix::pipe;

    enum Kind {
        Pipe,
        Socket,
    }

    fn metadata(fd: u32) -> Option<Metadata> {
        // The /proc link is followed to the pipe's or socket's own inode.
        std::fs::metadata(format!("/proc/self/fd/{fd}")).ok()
    }

    fn kind(fd: u32) -> Option<Kind> {
        let meta = metadata(fd)?;
        let file_type = meta.file_type();
        if file_type.is_fifo() {
            return Some(Kind::Pipe);
        }
        if file_type.is_socket() {
            let shared_with_stderr =
                metadata(2).is_some_and(|err| err.dev() == meta.dev() && err.ino() == meta.ino());
            if !shared_with_stderr {
                return Some(Kind::Socket);
            }
        }
        None
    }

    fn socket(fd: BorrowedFd<'_>) -> Option<tokio::net::UnixStream> {
        // A stream socket of any family reads and writes the same way through these calls.
        let owned = fd.try_clone_to_owned().ok()?;
        let stream = std::os::unix::net::UnixStream::from(owned);
        stream.set_nonblocking(true).ok()?;
        tokio::net::UnixStream::from_std(stream).ok()
    }

    pub(super) fn stdin() -> Option<Reader> {
        match kind(0)? {
            Kind::Pipe => {
                let receiver = pipe::OpenOptions::new()
                    .open_receiver("/proc/self/fd/0")
                    .ok()?;
                Some(Box::pin(receiver))
            }
            Kind::Socket => Some(Box::pin(socket(std::io::stdin().as_fd())?)),
        }
    }

    pub(super) fn stdout() -> Option<Writer> {
        match kind(1)? {
            // Opened non-blocking: a pipe whose reader is gone fails (ENXIO) instead of
            // waiting for one, and the fallback then reports the closed pipe on write.
            Kind::Pipe => {
                let sender = pipe::OpenOptions::new()
                    .open_sender("/proc/self/fd/1")
                    .ok()?;
                Some(Box::pin(sender))
            }
            Kind::Socket => Some(Box::pin(socket(std::io::stdout().as_fd())?)),
        }
    }
}
