//! Fuel accounting shared by every algorithm in this crate.

use std::fmt;

/// Fuel budget. Every loop whose length depends on program input charges it, so a
/// pathological input ends in [`OutOfFuel`] instead of running for ever.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meter {
    remaining: u64,
}

/// The meter ran dry. The VM turns this into its uncatchable fuel diagnostic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfFuel;

impl fmt::Display for OutOfFuel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("out of fuel")
    }
}

impl std::error::Error for OutOfFuel {}

impl Meter {
    /// A meter holding `fuel` units.
    pub fn new(fuel: u64) -> Self {
        Meter { remaining: fuel }
    }

    /// A meter that never runs out in practice (for tests and trusted callers).
    pub fn unlimited() -> Self {
        Meter {
            remaining: u64::MAX,
        }
    }

    /// Spend `n` units, or fail without spending when fewer remain.
    #[inline]
    pub fn charge(&mut self, n: u64) -> Result<(), OutOfFuel> {
        match self.remaining.checked_sub(n) {
            Some(rest) => {
                self.remaining = rest;
                Ok(())
            }
            None => {
                self.remaining = 0;
                Err(OutOfFuel)
            }
        }
    }

    /// Fuel still available.
    pub fn remaining(&self) -> u64 {
        self.remaining
    }

    /// Replace the remaining fuel (the VM refills between slices).
    pub fn set_remaining(&mut self, fuel: u64) {
        self.remaining = fuel;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charges_until_empty() {
        let mut m = Meter::new(5);
        assert_eq!(m.charge(3), Ok(()));
        assert_eq!(m.remaining(), 2);
        assert_eq!(m.charge(3), Err(OutOfFuel));
        assert_eq!(m.remaining(), 0);
        assert_eq!(m.charge(0), Ok(()));
        assert_eq!(m.charge(1), Err(OutOfFuel));
    }
}
