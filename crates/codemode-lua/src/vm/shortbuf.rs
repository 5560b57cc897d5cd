//! A short string built on the stack: `string.format`'s plain path and `..` write their
//! result here and intern it from the slice, so a result that exists already costs no
//! allocation and a new one exactly one, at its size.

/// Results up to this long are built on the stack; longer ones are built in a `Vec`.
pub const SHORT_MAX: usize = 256;

/// The size most results fit: zeroing it takes a few stores, not a `memset` call.
pub const SMALL: usize = 96;

/// Up to `N` bytes (at most [`SHORT_MAX`] by convention).
pub struct ShortBuf<const N: usize> {
    buf: [u8; N],
    len: usize,
    /// A push did not fit.
    pub overflowed: bool,
}

impl<const N: usize> ShortBuf<N> {
    #[inline(always)]
    pub fn new() -> Self {
        ShortBuf {
            buf: [0; N],
            len: 0,
            overflowed: false,
        }
    }

    #[inline(always)]
    pub fn bytes(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or(&[])
    }

    /// Appends `b`; `None` (and nothing appended) when it would not fit.
    #[inline(always)]
    pub fn push(&mut self, b: &[u8]) -> Option<()> {
        let end = self.len + b.len();
        let Some(dst) = self.buf.get_mut(self.len..end) else {
            self.overflowed = true;
            return None;
        };
        dst.copy_from_slice(b);
        self.len = end;
        Some(())
    }

    /// Appends the decimal digits of `n` as Lua writes an integer; returns how many bytes
    /// that was.
    #[inline(always)]
    pub fn push_int(&mut self, n: i64) -> Option<usize> {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        let mut v = n.unsigned_abs();
        loop {
            at -= 1;
            digits[at] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 || at == 0 {
                break;
            }
        }
        let before = self.len;
        if n < 0 {
            self.push(b"-")?;
        }
        self.push(digits.get(at..)?)?;
        Some(self.len - before)
    }
}
