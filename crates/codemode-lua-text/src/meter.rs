//! Fuel accounting shared by every algorithm in this crate.

use std::fmt;
use std::time::Instant;

/// Fuel units charged between two reads of the clock when the meter has a deadline: a
/// unit is a few nanoseconds of work, so the deadline is seen well within a millisecond.
const DEADLINE_EVERY: u64 = 1 << 14;

/// Fuel budget. Every loop whose length depends on program input charges it, so a
/// pathological input ends in [`OutOfFuel`] instead of running for ever; with a
/// deadline ([`Meter::with_deadline`]) it also ends when the time is up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meter {
    remaining: u64,
    deadline: Option<Instant>,
    /// Units left before the next clock read.
    until_check: u64,
    timed_out: bool,
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
        Meter {
            remaining: fuel,
            deadline: None,
            until_check: u64::MAX,
            timed_out: false,
        }
    }

    /// A meter holding `fuel` units that also runs dry once `deadline` has passed (the
    /// clock is read every few thousand units); [`Meter::timed_out`] tells which.
    pub fn with_deadline(fuel: u64, deadline: Option<Instant>) -> Self {
        Meter {
            remaining: fuel,
            deadline,
            until_check: if deadline.is_some() {
                DEADLINE_EVERY
            } else {
                u64::MAX
            },
            timed_out: false,
        }
    }

    /// A meter that never runs out in practice (for tests and trusted callers).
    pub fn unlimited() -> Self {
        Meter::new(u64::MAX)
    }

    /// Spend `n` units, or fail without spending when fewer remain or the deadline passed.
    #[inline]
    pub fn charge(&mut self, n: u64) -> Result<(), OutOfFuel> {
        match self.remaining.checked_sub(n) {
            Some(rest) => {
                self.remaining = rest;
                match self.until_check.checked_sub(n) {
                    Some(left) if left > 0 => {
                        self.until_check = left;
                        Ok(())
                    }
                    _ => self.check_clock(),
                }
            }
            None => {
                self.remaining = 0;
                Err(OutOfFuel)
            }
        }
    }

    #[cold]
    fn check_clock(&mut self) -> Result<(), OutOfFuel> {
        match self.deadline {
            Some(at) => {
                self.until_check = DEADLINE_EVERY;
                if Instant::now() >= at {
                    self.timed_out = true;
                    self.remaining = 0;
                    return Err(OutOfFuel);
                }
            }
            None => self.until_check = u64::MAX,
        }
        Ok(())
    }

    /// Whether the meter ran dry because its deadline passed (not for want of fuel).
    pub fn timed_out(&self) -> bool {
        self.timed_out
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

    #[test]
    fn a_passed_deadline_stops_the_meter() {
        let past = Instant::now();
        let mut m = Meter::with_deadline(u64::MAX, Some(past));
        let mut spent = 0u64;
        while m.charge(1).is_ok() {
            spent += 1;
            assert!(spent <= DEADLINE_EVERY, "the clock was never read");
        }
        assert!(m.timed_out());
        let mut no_deadline = Meter::with_deadline(1 << 20, None);
        assert_eq!(no_deadline.charge(1 << 19), Ok(()));
        assert!(!no_deadline.timed_out());
    }
}
