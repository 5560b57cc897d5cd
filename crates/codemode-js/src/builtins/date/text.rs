//! Dates as text: the formats of `toString`, `toUTCString` and `toISOString`, and
//! `Date.parse` of those formats, of ISO 8601 and of the common informal forms V8 reads.

use super::time::*;

pub const WEEK_DAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
pub const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// A year as DateString writes it: at least four digits, a sign when negative.
fn year_text(y: i64) -> String {
    if y < 0 {
        format!("-{:04}", -y)
    } else {
        format!("{y:04}")
    }
}

/// "Tue Jan 02 2024" of a local time value.
pub fn date_string(local: f64) -> String {
    let f = fields(local);
    format!(
        "{} {} {:02} {}",
        WEEK_DAYS[f.week_day as usize],
        MONTHS[f.month as usize],
        f.date,
        year_text(f.year)
    )
}

/// "03:04:05 GMT+0100 (zone)" of the instant `t`.
pub fn time_string(env: &DateEnv, t: f64) -> String {
    let offset = env.offset_at(t);
    let f = fields(t + offset);
    let minutes = (offset / MS_PER_MINUTE) as i64;
    let sign = if minutes < 0 { '-' } else { '+' };
    format!(
        "{:02}:{:02}:{:02} GMT{sign}{:02}{:02} ({})",
        f.hour,
        f.minute,
        f.second,
        minutes.abs() / 60,
        minutes.abs() % 60,
        env.zone_name(t)
    )
}

/// `toString`: "Tue Jan 02 2024 03:04:05 GMT+0000 (Coordinated Universal Time)".
pub fn to_string(env: &DateEnv, t: f64) -> String {
    format!("{} {}", date_string(env.local(t)), time_string(env, t))
}

/// `toUTCString`: "Tue, 02 Jan 2024 03:04:05 GMT".
pub fn to_utc_string(t: f64) -> String {
    let f = fields(t);
    format!(
        "{}, {:02} {} {} {:02}:{:02}:{:02} GMT",
        WEEK_DAYS[f.week_day as usize],
        f.date,
        MONTHS[f.month as usize],
        year_text(f.year),
        f.hour,
        f.minute,
        f.second
    )
}

/// `toISOString` of a finite time value: "2024-01-02T03:04:05.006Z", six-digit signed
/// years outside 0..=9999.
pub fn to_iso_string(t: f64) -> String {
    let f = fields(t);
    let year = if (0..=9999).contains(&f.year) {
        format!("{:04}", f.year)
    } else if f.year < 0 {
        format!("-{:06}", -f.year)
    } else {
        format!("+{:06}", f.year)
    };
    format!(
        "{year}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
        f.month + 1,
        f.date,
        f.hour,
        f.minute,
        f.second,
        f.ms
    )
}

/// `Date.parse`: a time value, NaN when the text is not a date.
pub fn parse(env: &DateEnv, s: &str) -> f64 {
    // Date texts are short: a long one is not a date (and is not scanned).
    if s.len() > 256 {
        return f64::NAN;
    }
    let s = s.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    match parse_iso(s) {
        Some((t, true)) => time_clip(t),
        Some((t, false)) => time_clip(env.utc(t)),
        None => match parse_informal(s) {
            Some((t, Some(offset))) => time_clip(t - offset),
            Some((t, None)) => time_clip(env.utc(t)),
            None => f64::NAN,
        },
    }
}

struct Cursor<'a> {
    b: &'a [u8],
    i: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }
    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    /// Exactly `n` digits.
    fn digits(&mut self, n: usize) -> Option<i64> {
        let d = self.b.get(self.i..self.i + n)?;
        if !d.iter().all(u8::is_ascii_digit) {
            return None;
        }
        self.i += n;
        Some(d.iter().fold(0, |a, c| a * 10 + (c - b'0') as i64))
    }
}

/// The ISO 8601 subset of ECMAScript's Date Time String Format: the time value, and
/// whether it is UTC (date-only forms and those with Z or an offset) or local.
fn parse_iso(s: &str) -> Option<(f64, bool)> {
    let mut c = Cursor {
        b: s.as_bytes(),
        i: 0,
    };
    let year = match c.peek()? {
        sign @ (b'+' | b'-') => {
            c.i += 1;
            let y = c.digits(6)?;
            if sign == b'-' && y == 0 {
                // -000000 is not a year (V8 reads no date at all).
                return Some((f64::NAN, true));
            }
            if sign == b'-' {
                -y
            } else {
                y
            }
        }
        _ => c.digits(4)?,
    };
    let (mut month, mut day) = (1, 1);
    if c.eat(b'-') {
        month = c.digits(2)?;
        if c.eat(b'-') {
            day = c.digits(2)?;
        }
    }
    if !(1..=12).contains(&month) || day < 1 || day > days_in_month(year, month as u32 - 1) {
        return None;
    }
    let date = make_day(year as f64, (month - 1) as f64, day as f64);
    if c.peek().is_none() {
        return Some((make_date(date, 0.0), true));
    }
    if !c.eat(b'T') && !c.eat(b't') {
        return None;
    }
    let hour = c.digits(2)?;
    if !c.eat(b':') {
        return None;
    }
    let minute = c.digits(2)?;
    let (mut second, mut ms) = (0, 0.0);
    if c.eat(b':') {
        second = c.digits(2)?;
        if c.eat(b'.') {
            let start = c.i;
            while c.peek().is_some_and(|d| d.is_ascii_digit()) {
                c.i += 1;
            }
            let frac = &s[start..c.i];
            if frac.is_empty() {
                return None;
            }
            ms = format!("0.{frac}").parse::<f64>().ok()? * 1000.0;
            ms = ms.trunc();
        }
    }
    if hour > 24 || minute > 59 || second > 59 {
        return None;
    }
    if hour == 24 && (minute, second, ms) != (0, 0, 0.0) {
        return Some((f64::NAN, true));
    }
    let time = make_time(hour as f64, minute as f64, second as f64, ms);
    let local = make_date(date, time);
    match c.peek() {
        None => Some((local, false)),
        Some(b'Z' | b'z') if c.i + 1 == s.len() => Some((local, true)),
        Some(sign @ (b'+' | b'-')) => {
            c.i += 1;
            let oh = c.digits(2)?;
            c.eat(b':');
            let om = c.digits(2)?;
            if c.peek().is_some() || oh > 23 || om > 59 {
                return None;
            }
            let offset = (oh * 60 + om) as f64 * MS_PER_MINUTE;
            Some((
                if sign == b'+' {
                    local - offset
                } else {
                    local + offset
                },
                true,
            ))
        }
        _ => None,
    }
}

pub fn days_in_month(year: i64, month: u32) -> i64 {
    days_from_civil(year + (month as i64 + 1) / 12, (month + 1) % 12) - days_from_civil(year, month)
}

enum Token<'a> {
    Number(i64, usize),
    Word(&'a str),
    Sign(u8),
    Punct(u8),
}

fn tokens(s: &str) -> Option<Vec<Token<'_>>> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let n = s[start..i].parse::<i64>().ok()?;
            out.push(Token::Number(n, i - start));
        } else if c.is_ascii_alphabetic() {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphabetic() || b[i] == b'.') {
                i += 1;
            }
            out.push(Token::Word(&s[start..i]));
        } else if c == b'(' {
            // A comment, as in toString's "(Coordinated Universal Time)".
            let mut depth = 0;
            while i < b.len() {
                match b[i] {
                    b'(' => depth += 1,
                    b')' => depth -= 1,
                    _ => {}
                }
                i += 1;
                if depth == 0 {
                    break;
                }
            }
        } else if c == b'+' || c == b'-' {
            out.push(Token::Sign(c));
            i += 1;
        } else if c.is_ascii_whitespace() || c == b',' {
            i += 1;
        } else if c == b':' || c == b'/' || c == b'.' {
            out.push(Token::Punct(c));
            i += 1;
        } else {
            return None;
        }
    }
    Some(out)
}

fn month_of(word: &str) -> Option<u32> {
    let w = word.to_ascii_lowercase();
    if w.len() < 3 {
        return None;
    }
    MONTHS
        .iter()
        .position(|m| w.starts_with(&m.to_ascii_lowercase()))
        .map(|m| m as u32)
}

/// The informal forms V8 reads ("Jan 2, 2024 10:00", "1/2/2024", "2024/01/02",
/// toString's and toUTCString's output): the local time value and the offset from UTC
/// in milliseconds when the text gives one.
fn parse_informal(s: &str) -> Option<(f64, Option<f64>)> {
    let toks = tokens(s)?;
    let mut month: Option<u32> = None;
    let mut numbers: Vec<(i64, usize)> = Vec::new();
    let mut time: Vec<i64> = Vec::new();
    let mut offset: Option<f64> = None;
    let mut pm: Option<bool> = None;
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Token::Number(n, len) => {
                if matches!(toks.get(i + 1), Some(Token::Punct(b':'))) && time.is_empty() {
                    // hh:mm[:ss[.mmm]]
                    time.push(*n);
                    i += 1;
                    while let (Some(Token::Punct(b':' | b'.')), Some(Token::Number(m, _))) =
                        (toks.get(i), toks.get(i + 1))
                    {
                        time.push(*m);
                        i += 2;
                    }
                    continue;
                }
                numbers.push((*n, *len));
            }
            Token::Word(w) => {
                let lower = w.to_ascii_lowercase();
                match lower.as_str() {
                    "am" | "a.m." => pm = Some(false),
                    "pm" | "p.m." => pm = Some(true),
                    "z" | "utc" | "ut" | "gmt" => {
                        offset.get_or_insert(0.0);
                    }
                    "t" => {}
                    _ => {
                        if let Some(m) = month_of(&lower) {
                            month = Some(m);
                        } else if !WEEK_DAYS
                            .iter()
                            .any(|d| lower.starts_with(&d.to_ascii_lowercase()))
                        {
                            return None;
                        }
                    }
                }
            }
            Token::Sign(sign) => {
                if let Some(Token::Number(n, len)) = toks.get(i + 1) {
                    if !time.is_empty() || offset.is_some() {
                        // +hhmm, +hh:mm or +hh after a time or "GMT".
                        let (mut h, mut m) = if *len <= 2 {
                            (*n, 0)
                        } else {
                            (n / 100, n % 100)
                        };
                        i += 2;
                        if let (Some(Token::Punct(b':')), Some(Token::Number(mm, _))) =
                            (toks.get(i), toks.get(i + 1))
                        {
                            m = *mm;
                            i += 2;
                        }
                        if m > 59 {
                            return None;
                        }
                        h = h * 60 + m;
                        let v = h as f64 * MS_PER_MINUTE;
                        offset = Some(if *sign == b'-' { -v } else { v });
                        continue;
                    }
                    if *sign == b'-' && numbers.is_empty() && month.is_none() {
                        numbers.push((-n, *len));
                        i += 2;
                        continue;
                    }
                }
            }
            Token::Punct(_) => {}
        }
        i += 1;
    }
    let (year, mon, day) = match (month, numbers.as_slice()) {
        // "Jan 2 2024", "2 Jan 2024", "Jan 2024"?
        (Some(m), [(d, _), (y, _)]) if *d <= 31 => (*y, m, *d),
        (Some(m), [(y, ylen), (d, _)]) if *ylen >= 3 => (*y, m, *d),
        (Some(m), [(d, _)]) if *d <= 31 => (2001, m, *d),
        // "1/2/2024" (month first), "2024/01/02" and "2024-1-2" (year first).
        (None, [(a, alen), (b, _), (c, _)]) => {
            if *alen >= 3 || *a > 31 {
                (*a, (*b - 1).try_into().ok()?, *c)
            } else {
                (*c, (*a - 1).try_into().ok()?, *b)
            }
        }
        (None, [(a, _), (b, blen)]) if *blen >= 3 => (*b, (*a - 1).try_into().ok()?, 1),
        _ => return None,
    };
    if mon > 11 || !(1..=31).contains(&day) {
        return None;
    }
    // Two-digit years as V8 reads them: 0..=49 in 2000s, 50..=99 in 1900s.
    let year = match year {
        0..=49 if numbers.iter().any(|(n, l)| *n == year && *l <= 2) => year + 2000,
        50..=99 => year + 1900,
        y => y,
    };
    let (mut h, m, sec, ms) = (
        time.first().copied().unwrap_or(0),
        time.get(1).copied().unwrap_or(0),
        time.get(2).copied().unwrap_or(0),
        time.get(3).copied().unwrap_or(0),
    );
    if let Some(pm) = pm {
        if h > 12 {
            return None;
        }
        h = h % 12 + if pm { 12 } else { 0 };
    }
    if h > 24 || m > 59 || sec > 59 {
        return None;
    }
    let d = make_day(year as f64, mon as f64, day as f64);
    let t = make_date(d, make_time(h as f64, m as f64, sec as f64, ms as f64));
    Some((t, offset))
}
