//! The process's entry and exit, and the few POSIX calls std does not offer: signalling a
//! whole process group, and dying of SIGPIPE the way a Unix filter does. Every `unsafe`
//! block of the crate is here.
#![allow(unsafe_code)]

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether descriptor 1 was closed when the process started (`codemode run prog.js >&-`).
static STDOUT_WAS_CLOSED: AtomicBool = AtomicBool::new(false);

/// The C entry point, in place of std's (the crate is `no_main`). std's start-up reads
/// /proc/self/maps and maps a signal stack to report stack overflows, which none of our code
/// can cause (no native recursion on a program's depth), and it hides a closed stdout behind
/// /dev/null. Here the standard descriptors are checked first, SIGPIPE is ignored as std
/// would, and the process ends with `_exit` once the result is written: the heap and the
/// libraries' exit handlers have nothing to do that the system does not do at once.
#[cfg_attr(not(test), no_mangle)]
#[cfg_attr(test, allow(dead_code))]
pub extern "C" fn main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
    #[cfg(all(target_os = "linux", not(test)))]
    hidden_environment::restore();
    fill_closed_standard_descriptors();
    // SAFETY: setting a signal's disposition touches no memory of ours.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    // A panic outside the driver's guard is a bug: it is reported by the panic hook, and the
    // process ends with std's status for it.
    let code = std::panic::catch_unwind(crate::run_command).unwrap_or(101);
    exit_now(code)
}

/// The environment, hidden from the constructors that run before [`main`]. mimalloc's reads
/// each of its ~40 options from the environment, comparing every variable with every name in
/// a loop of its own: 0.14 M instructions, an eighth of a JS start's and a quarter of a Lua
/// start's, and more the larger the environment (docs/performance/start.md). codemode sets
/// no `MIMALLOC_*` option, and the allocator's behaviour is not for the caller's environment
/// to change either (`MIMALLOC_SHOW_STATS` writes to stderr, `MIMALLOC_RESERVE_OS_MEMORY`
/// takes memory). aws-lc's CPU-feature constructor, the other one that runs, then does not
/// read `OPENSSL_ia32cap` either. `main` gives the environment back before anything else.
#[cfg(all(target_os = "linux", not(test)))]
mod hidden_environment {
    use std::sync::atomic::{AtomicPtr, Ordering};

    type Environ = *mut *mut libc::c_char;

    extern "C" {
        /// libc's environment (POSIX `environ`): what `getenv` and std's `env` read.
        static mut environ: Environ;
    }

    /// An empty environment: its one entry is the terminating null pointer.
    static EMPTY: AtomicPtr<libc::c_char> = AtomicPtr::new(std::ptr::null_mut());
    /// The real environment while it is hidden.
    static SAVED: AtomicPtr<*mut libc::c_char> = AtomicPtr::new(std::ptr::null_mut());

    extern "C" fn hide() {
        // SAFETY: constructors run one at a time on the one thread there is, before any code
        // that reads the environment concurrently could start; `EMPTY` lives for the whole
        // process and reads as one null pointer (`AtomicPtr` has a pointer's layout).
        unsafe {
            let env = std::ptr::addr_of_mut!(environ);
            SAVED.store(*env, Ordering::Relaxed);
            *env = EMPTY.as_ptr().cast();
        }
    }

    /// Runs before every other constructor: priority 90 sorts before std's (99), mimalloc's
    /// (101 when built by clang, the default priority when built by GCC) and aws-lc's.
    #[used]
    #[link_section = ".init_array.00090"]
    static HIDE: extern "C" fn() = hide;

    /// Gives the environment back (from `main`, before any thread starts).
    pub fn restore() {
        let saved = SAVED.load(Ordering::Relaxed);
        if saved.is_null() {
            return;
        }
        // SAFETY: as in `hide`: one thread, and `saved` is the pointer `hide` took from
        // `environ`, which nothing has freed.
        unsafe {
            *std::ptr::addr_of_mut!(environ) = saved;
        }
    }
}

/// Ends the process at once with `code`. The result is written to stdout unbuffered and
/// stderr has no buffer; std's stdout buffer (clap's help) is flushed first.
pub fn exit_now(code: u8) -> ! {
    use std::io::Write;
    let _ = std::io::stdout().flush();
    // SAFETY: _exit ends the process; no memory of ours is touched afterwards.
    unsafe { libc::_exit(libc::c_int::from(code)) }
}

/// A closed descriptor 0, 1 or 2 is opened on /dev/null, so that no file the process opens
/// later takes its number (and a tool's output or a source file becomes "stdout"). A closed
/// stdout is remembered: the result has nowhere to go, and `run` says so.
fn fill_closed_standard_descriptors() {
    for fd in 0..=2 {
        // SAFETY: F_GETFD reads a descriptor's flags and touches no memory of ours.
        let open = unsafe { libc::fcntl(fd, libc::F_GETFD) } != -1;
        if open {
            continue;
        }
        if fd == 1 {
            STDOUT_WAS_CLOSED.store(true, Ordering::Relaxed);
        }
        let mode = if fd == 0 {
            libc::O_RDONLY
        } else {
            libc::O_WRONLY
        };
        // SAFETY: the path is a NUL-terminated literal; open takes the lowest free number,
        // which is `fd` since the lower ones are open by now.
        unsafe {
            libc::open(c"/dev/null".as_ptr(), mode);
        }
    }
}

/// Whether stdout was closed when the process started.
pub fn stdout_was_closed() -> bool {
    STDOUT_WAS_CLOSED.load(Ordering::Relaxed)
}

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

/// Restores SIGPIPE's default action (death), which [`main`] replaces by "ignore".
/// Only for commands that run no tool: a tool's closed stdin would otherwise kill codemode.
pub fn default_sigpipe() {
    // SAFETY: restoring a signal's default action touches no memory of ours.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Ends the process as a Unix filter ends when its reader has gone: killed by SIGPIPE, with
/// nothing on stderr (the shell then reports status 141). [`main`] ignores SIGPIPE, so the
/// default action is restored first; callers do this only when no tool is running,
/// because a tool's closed stdin would otherwise kill codemode too.
pub fn die_of_sigpipe() -> ! {
    default_sigpipe();
    // SAFETY: raising a signal touches no memory of ours.
    unsafe {
        libc::raise(libc::SIGPIPE);
    }
    // Not reached when the signal is delivered; 128 + SIGPIPE is what a shell would show.
    exit_now(141)
}

#[cfg(test)]
mod tests {
    /// The unwinder is linked statically (build.rs: libgcc_eh instead of libgcc_s.so): a
    /// panic still unwinds to the `catch_unwind` of `main` and of the driver's guard.
    #[test]
    fn a_panic_unwinds_to_catch_unwind() {
        let caught = std::panic::catch_unwind(|| {
            let v: Vec<u8> = Vec::new();
            #[allow(clippy::unnecessary_literal_unwrap)]
            v.first().copied().unwrap()
        });
        assert!(caught.is_err());
    }
}
