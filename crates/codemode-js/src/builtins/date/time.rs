//! Time values (ECMAScript 21.4.1): milliseconds since the epoch as an f64, NaN for an
//! invalid date; the civil calendar is proleptic Gregorian in every direction. Local time
//! is UTC unless the host set an IANA zone (`DateEnv`).

use jiff::tz::TimeZone;

pub const MS_PER_DAY: f64 = 86_400_000.0;
pub const MS_PER_HOUR: f64 = 3_600_000.0;
pub const MS_PER_MINUTE: f64 = 60_000.0;
pub const MS_PER_SECOND: f64 = 1_000.0;
/// The largest time value (±100,000,000 days from the epoch).
const MAX_TIME: f64 = 8.64e15;

/// The clock and zone an execution's dates read.
#[derive(Clone, Debug, Default)]
pub struct DateEnv {
    /// The instant `Date.now()` returns, when the host fixed it (runs can then be replayed).
    pub fixed_now: Option<f64>,
    /// The zone of local time; `None` is UTC.
    pub zone: Option<TimeZone>,
}

impl DateEnv {
    /// The environment of an execution: a fixed instant or the system clock, and a zone
    /// (an unknown name is UTC: the host checks names when it is built, see
    /// [`time_zone_exists`]).
    pub fn new(now: Option<std::time::SystemTime>, zone: Option<&str>) -> DateEnv {
        DateEnv {
            fixed_now: now.map(|t| match t.duration_since(std::time::UNIX_EPOCH) {
                Ok(d) => d.as_millis() as f64,
                Err(e) => -(e.duration().as_millis() as f64),
            }),
            zone: zone.and_then(|name| TimeZone::get(name).ok()),
        }
    }

    /// Now, in milliseconds since the epoch.
    pub fn now(&self) -> f64 {
        if let Some(t) = self.fixed_now {
            return t;
        }
        match std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
            Ok(d) => d.as_millis() as f64,
            Err(e) => -(e.duration().as_millis() as f64),
        }
    }

    /// The local zone's offset from UTC at the instant `t`, in milliseconds.
    pub fn offset_at(&self, t: f64) -> f64 {
        let Some(zone) = &self.zone else {
            return 0.0;
        };
        if !t.is_finite() {
            return 0.0;
        }
        zone.to_offset(timestamp(t)).seconds() as f64 * MS_PER_SECOND
    }

    /// LocalTime(t).
    pub fn local(&self, t: f64) -> f64 {
        t + self.offset_at(t)
    }

    /// UTC(t): the instant of local time `t`; a local time a transition skipped is read
    /// with the offset before it, one it repeated as its first occurrence (as V8 does).
    pub fn utc(&self, t: f64) -> f64 {
        let Some(zone) = &self.zone else {
            return t;
        };
        if !t.is_finite() {
            return f64::NAN;
        }
        let in_range = (jiff::Timestamp::MIN.as_millisecond() as f64
            ..=jiff::Timestamp::MAX.as_millisecond() as f64)
            .contains(&t);
        if in_range {
            let civil = timestamp(t).to_zoned(TimeZone::UTC).datetime();
            if let Ok(ts) = zone.to_ambiguous_timestamp(civil).compatible() {
                return ts.as_millisecond() as f64;
            }
        }
        t - self.offset_at(t)
    }

    /// The zone's name for the instant `t` in `toString`: V8's for UTC, else the zone's
    /// abbreviation (V8 prints ICU's long names, which are not bundled here).
    pub fn zone_name(&self, t: f64) -> String {
        match &self.zone {
            None => "Coordinated Universal Time".into(),
            Some(zone) => match zone.to_offset_info(timestamp(t)).abbreviation() {
                "UTC" => "Coordinated Universal Time".into(),
                other => other.to_string(),
            },
        }
    }
}

/// Whether `name` is a time zone of the bundled IANA database (or "UTC").
pub fn time_zone_exists(name: &str) -> bool {
    TimeZone::get(name).is_ok()
}

/// `t` as a jiff timestamp, clamped to jiff's range (years -9999..=9999): beyond it the
/// zone's rules at the range's end apply.
fn timestamp(t: f64) -> jiff::Timestamp {
    let ms = t.clamp(
        jiff::Timestamp::MIN.as_millisecond() as f64,
        jiff::Timestamp::MAX.as_millisecond() as f64,
    ) as i64;
    jiff::Timestamp::from_millisecond(ms).unwrap_or(jiff::Timestamp::UNIX_EPOCH)
}

/// TimeClip.
pub fn time_clip(t: f64) -> f64 {
    if !t.is_finite() || t.abs() > MAX_TIME {
        return f64::NAN;
    }
    t.trunc() + 0.0
}

pub fn day(t: f64) -> f64 {
    (t / MS_PER_DAY).floor()
}

pub fn time_within_day(t: f64) -> f64 {
    t.rem_euclid(MS_PER_DAY)
}

/// (year, month 0..=11, day of month 1..=31) of day number `z` (days since the epoch).
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m - 1, d)
}

/// The day number of (year, month 0..=11, day 1).
pub fn days_from_civil(y: i64, m: u32) -> i64 {
    let m = m as i64 + 1;
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The calendar fields of a (finite) time value.
#[derive(Clone, Copy, Debug)]
pub struct Fields {
    pub year: i64,
    pub month: u32,
    pub date: u32,
    pub week_day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
    pub ms: u32,
}

pub fn fields(t: f64) -> Fields {
    let d = day(t) as i64;
    let (year, month, date) = civil_from_days(d);
    let within = time_within_day(t) as u32;
    Fields {
        year,
        month,
        date,
        week_day: (d + 4).rem_euclid(7) as u32,
        hour: within / 3_600_000,
        minute: within / 60_000 % 60,
        second: within / 1_000 % 60,
        ms: within % 1_000,
    }
}

/// MakeTime.
pub fn make_time(h: f64, m: f64, s: f64, ms: f64) -> f64 {
    if !(h.is_finite() && m.is_finite() && s.is_finite() && ms.is_finite()) {
        return f64::NAN;
    }
    h.trunc() * MS_PER_HOUR + m.trunc() * MS_PER_MINUTE + s.trunc() * MS_PER_SECOND + ms.trunc()
}

/// MakeDay.
pub fn make_day(year: f64, month: f64, date: f64) -> f64 {
    if !(year.is_finite() && month.is_finite() && date.is_finite()) {
        return f64::NAN;
    }
    let (y, m, dt) = (year.trunc(), month.trunc(), date.trunc());
    let ym = y + (m / 12.0).floor();
    // Far past the time values' ±275,760 years: no day there is a valid date.
    if ym.abs() > 400_000.0 {
        return f64::NAN;
    }
    let mn = m.rem_euclid(12.0) as u32;
    days_from_civil(ym as i64, mn) as f64 + dt - 1.0
}

/// MakeDate.
pub fn make_date(day: f64, time: f64) -> f64 {
    let t = day * MS_PER_DAY + time;
    if t.is_finite() {
        t
    } else {
        f64::NAN
    }
}
