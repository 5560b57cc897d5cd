//! Lua 5.4's pseudo-random generator (`math.random`, `math.randomseed`):
//! xoshiro256** with Lua's seeding, float conversion and interval projection.

use crate::format::FormatError;

/// Generator state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Random {
    s: [u64; 4],
}

impl Random {
    /// A generator seeded as `math.randomseed(n1, n2)` does.
    pub fn seeded(n1: i64, n2: i64) -> Self {
        let mut r = Random { s: [0; 4] };
        r.seed(n1, n2);
        r
    }

    /// `math.randomseed(n1, n2)` (`n2` is 0 when absent): state `{n1, 0xff, n2, 0}`,
    /// then 16 values discarded.
    pub fn seed(&mut self, n1: i64, n2: i64) {
        self.s = [n1 as u64, 0xff, n2 as u64, 0];
        for _ in 0..16 {
            self.next_raw();
        }
    }

    /// The next 64 raw bits (xoshiro256**).
    pub fn next_raw(&mut self) -> u64 {
        let [s0, s1, s2, s3] = self.s;
        let s2 = s2 ^ s0;
        let s3 = s3 ^ s1;
        let res = s1.wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        self.s = [s0 ^ s3, s1 ^ s2, s2 ^ (s1 << 17), s3.rotate_left(45)];
        res
    }

    /// `math.random()`: a float in [0, 1) from the top 53 bits.
    pub fn float(&mut self) -> f64 {
        let r = self.next_raw();
        float_from_bits(r)
    }

    /// `math.random(0)`: all 64 bits as an integer.
    pub fn full(&mut self) -> i64 {
        self.next_raw() as i64
    }

    /// `math.random(m)` (`low` = 1) or `math.random(m, n)`. As in Lua, the generator
    /// advances before the interval is checked ("interval is empty", argument 1).
    pub fn range(&mut self, low: i64, up: i64) -> Result<i64, FormatError> {
        let rv = self.next_raw();
        if low > up {
            return Err(FormatError::arg(1, "interval is empty"));
        }
        let p = self.project(rv, (up as u64).wrapping_sub(low as u64));
        Ok(p.wrapping_add(low as u64) as i64)
    }

    /// Lua's `project`: `ran` into [0, n], by masking to the smallest 2^b - 1 >= n
    /// and drawing again while outside.
    pub fn project(&mut self, ran: u64, n: u64) -> u64 {
        if n & n.wrapping_add(1) == 0 {
            return ran & n;
        }
        let mut lim = n;
        lim |= lim >> 1;
        lim |= lim >> 2;
        lim |= lim >> 4;
        lim |= lim >> 8;
        lim |= lim >> 16;
        lim |= lim >> 32;
        let mut ran = ran & lim;
        while ran > n {
            ran = self.next_raw() & lim;
        }
        ran
    }
}

/// Lua's `I2d`: `(x >> 11) * 2^-53`.
pub fn float_from_bits(x: u64) -> f64 {
    (x >> 11) as f64 * (0.5 / (1u64 << 52) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_stay_inside() {
        let mut r = Random::seeded(7, 0);
        for _ in 0..1000 {
            let v = r.range(-3, 5).unwrap_or(i64::MIN);
            assert!((-3..=5).contains(&v));
            let f = r.float();
            assert!((0.0..1.0).contains(&f));
        }
        assert!(r.range(i64::MIN, i64::MAX).is_ok());
        assert_eq!(r.range(2, 1), Err(FormatError::arg(1, "interval is empty")));
    }
}
