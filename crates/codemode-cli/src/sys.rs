//! The few POSIX calls std does not offer: signalling a whole process group, reading a file
//! descriptor's access mode, and dying of SIGPIPE the way a Unix filter does. Every `unsafe`
//! block of the crate is here.
#![allow(unsafe_code)]

use std::os::fd::AsRawFd;

/// Sends SIGKILL to every process of the group `pgid`. A group that is already gone (ESRCH)
/// is not an error: the caller only wants it gone.
pub fn kill_group(pgid: u32) {
    let Ok(pgid) = libc::pid_t::try_from(pgid) else {
        return;
    };
    // killpg(0 or 1, …) would signal our own group or every process we may signal.
    if pgid <= 1 {
        return;
    }
    // SAFETY: killpg takes plain integers and touches no memory of ours.
    unsafe {
        libc::killpg(pgid, libc::SIGKILL);
    }
}

/// The access mode (`O_RDONLY`, `O_WRONLY` or `O_RDWR`) of an open file descriptor.
pub fn access_mode(fd: &impl AsRawFd) -> Option<i32> {
    // SAFETY: F_GETFL reads the descriptor's flags and touches no memory of ours; the
    // descriptor is borrowed, so it is open for the duration of the call.
    let flags = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_GETFL) };
    (flags >= 0).then_some(flags & libc::O_ACCMODE)
}

/// Restores SIGPIPE's default action (death), which Rust replaces by "ignore" at startup.
/// Only for commands that run no tool: a tool's closed stdin would otherwise kill codemode.
pub fn default_sigpipe() {
    // SAFETY: restoring a signal's default action touches no memory of ours.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Ends the process as a Unix filter ends when its reader has gone: killed by SIGPIPE, with
/// nothing on stderr (the shell then reports status 141). Rust ignores SIGPIPE at startup,
/// so the default action is restored first; callers do this only when no tool is running,
/// because a tool's closed stdin would otherwise kill codemode too.
pub fn die_of_sigpipe() -> ! {
    default_sigpipe();
    // SAFETY: raising a signal touches no memory of ours.
    unsafe {
        libc::raise(libc::SIGPIPE);
    }
    // Not reached when the signal is delivered; 128 + SIGPIPE is what a shell would show.
    std::process::exit(141)
}
