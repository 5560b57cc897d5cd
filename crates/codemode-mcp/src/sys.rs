//! What the HTTP listener needs that std, tokio and socket2 offer only as `unsafe`: Linux's
//! `TCP_DEFER_ACCEPT`, and registering a std listener with the reactor. Every `unsafe`
//! block of the crate is here.
#![allow(unsafe_code)]

/// How long a connection may stay silent before it is accepted anyway; an HTTP client
/// speaks first, so one that sends nothing for this long is accepted and then served (or
/// timed out) as any other.
#[cfg(target_os = "linux")]
const DEFER_SECONDS: libc::c_int = 10;

/// Makes `listener` report a connection only once its client has sent data (the request),
/// not when the handshake completes: the server then wakes once per new connection instead
/// of once for the connection and once more for its first request. Best effort: without
/// it the server works the same, with one more wake-up per connection.
#[cfg(target_os = "linux")]
pub(crate) fn defer_accept(listener: &impl std::os::fd::AsRawFd) {
    let seconds = DEFER_SECONDS;
    // SAFETY: setsockopt reads size_of::<c_int>() bytes at the address of `seconds`, a
    // live local c_int; the descriptor is borrowed, so it stays open during the call.
    unsafe {
        libc::setsockopt(
            listener.as_raw_fd(),
            libc::IPPROTO_TCP,
            libc::TCP_DEFER_ACCEPT,
            (&seconds as *const libc::c_int).cast(),
            std::mem::size_of::<libc::c_int>() as libc::socklen_t,
        );
    }
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn defer_accept<L>(_listener: &L) {}

/// `listener` registered with the current runtime's reactor for readability.
#[cfg(target_os = "linux")]
pub(crate) fn async_listener(
    listener: std::net::TcpListener,
) -> std::io::Result<tokio::io::unix::AsyncFd<std::net::TcpListener>> {
    // SAFETY: the descriptor is the std listener's own, which the AsyncFd owns from here
    // on: it stays open and the same until the AsyncFd is dropped.
    unsafe {
        tokio::io::unix::AsyncFd::register_with_interest(listener, tokio::io::Interest::READABLE)
    }
    .map_err(std::io::Error::from)
}
