//! `toLocaleString`, `toLocaleDateString` and `toLocaleTimeString` for en-US, with the
//! common Intl.DateTimeFormat options (ECMA-402's ToDateTimeOptions defaults, and the
//! patterns ICU's en-US data gives node). Other locales are a RangeError naming the ones
//! that exist.

use super::text::{MONTHS, WEEK_DAYS};
use super::time::*;
use super::*;

const LONG_MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const LONG_DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

pub(super) fn install(b: &mut RealmBuilder) {
    let proto = b.realm.date_proto;
    b.def(proto, "toLocaleString", to_locale_string::<ANY>, 0);
    b.def(proto, "toLocaleDateString", to_locale_string::<DATE>, 0);
    b.def(proto, "toLocaleTimeString", to_locale_string::<TIME>, 0);
}

/// What a method requires and defaults to (ECMA-402 ToDateTimeOptions).
const ANY: u8 = 0;
const DATE: u8 = 1;
const TIME: u8 = 2;
/// Intl.DateTimeFormat: any field may be asked for; the default is the date.
pub(crate) const FORMAT: u8 = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Width {
    Numeric,
    TwoDigit,
    Long,
    Short,
    Narrow,
}

/// How hours count: h12 (1..12 with AM/PM, en-US's default), h11 (0..11 with AM/PM),
/// h23 (0..23) and h24 (1..24, which V8 picks for en-US with `hour12: false`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cycle {
    H11,
    H12,
    H23,
    H24,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Options {
    weekday: Option<Width>,
    year: Option<Width>,
    month: Option<Width>,
    day: Option<Width>,
    hour: Option<Width>,
    minute: Option<Width>,
    second: Option<Width>,
    cycle: Option<Cycle>,
    zone_name: Option<Width>,
    date_style: Option<Width>,
    time_style: Option<Width>,
    /// `timeZone`: the zone to show, when not the execution's own.
    zone: Option<jiff::tz::TimeZone>,
}

impl Options {
    /// The IANA name of the zone these options format in (`resolvedOptions().timeZone`).
    pub(crate) fn zone_name(&self, env: &DateEnv) -> String {
        let zone = self.zone.as_ref().or(env.zone.as_ref());
        zone.and_then(|z| z.iana_name())
            .unwrap_or("UTC")
            .to_string()
    }
}

/// The locales this build formats for.
pub(crate) const LOCALES: &[&str] = &["en-US", "en"];

/// Checks the `locales` argument: undefined, or en-US / en (a string or a list).
pub(crate) fn check_locales(vm: &mut Vm, v: &Value) -> JsResult<()> {
    let tags = match v {
        Value::Undefined => return Ok(()),
        Value::Str(s) => vec![s.to_rust()],
        Value::Obj(_) => {
            let items = vm.iterate_to_vec(v)?;
            let mut tags = Vec::new();
            for item in items.iter().take(16) {
                tags.push(vm.to_rust_string(item)?);
            }
            tags
        }
        other => vec![vm.to_rust_string(other)?],
    };
    match tags.first() {
        None => Ok(()),
        Some(tag) if LOCALES.iter().any(|l| l.eq_ignore_ascii_case(tag)) => Ok(()),
        Some(tag) => Err(vm.range_error(&format!(
            "Unsupported locale \"{tag}\": dates and numbers are formatted for {} only",
            LOCALES.join(", ")
        ))),
    }
}

/// An option's value. dateStyle and timeStyle reuse the widths: full is Long, long is
/// Short, medium is Numeric, short is TwoDigit.
fn read_width(
    vm: &mut Vm,
    method: &str,
    opts: &Value,
    name: &str,
    allowed: &[Width],
) -> JsResult<Option<Width>> {
    let v = vm.get_prop(opts, &JsStr::from_str(name))?;
    if matches!(v, Value::Undefined) {
        return Ok(None);
    }
    let s = vm.to_rust_string(&v)?;
    let style = matches!(name, "dateStyle" | "timeStyle");
    let w = match (style, s.as_str()) {
        (true, "full") => Some(Width::Long),
        (true, "long") => Some(Width::Short),
        (true, "medium") => Some(Width::Numeric),
        (true, "short") => Some(Width::TwoDigit),
        (false, "numeric") => Some(Width::Numeric),
        (false, "2-digit") => Some(Width::TwoDigit),
        (false, "long") => Some(Width::Long),
        (false, "short") => Some(Width::Short),
        (false, "narrow") => Some(Width::Narrow),
        _ => None,
    };
    match w {
        Some(w) if style || allowed.contains(&w) => Ok(Some(w)),
        _ => Err(vm.range_error(&format!(
            "Value {s} out of range for {method} options property {name}"
        ))),
    }
}

pub(crate) fn read_options(
    vm: &mut Vm,
    method: &str,
    v: &Value,
    required: u8,
) -> JsResult<Options> {
    let mut o = Options::default();
    if matches!(v, Value::Null) {
        return Err(vm.type_error("Cannot convert undefined or null to object"));
    }
    // A primitive converts to an object without these properties: no options.
    if matches!(v, Value::Obj(_)) {
        use Width::*;
        let num = [Numeric, TwoDigit];
        let text = [Long, Short, Narrow];
        o.weekday = read_width(vm, method, v, "weekday", &text)?;
        o.year = read_width(vm, method, v, "year", &num)?;
        o.month = read_width(
            vm,
            method,
            v,
            "month",
            &[Numeric, TwoDigit, Long, Short, Narrow],
        )?;
        o.day = read_width(vm, method, v, "day", &num)?;
        o.hour = read_width(vm, method, v, "hour", &num)?;
        o.minute = read_width(vm, method, v, "minute", &num)?;
        o.second = read_width(vm, method, v, "second", &num)?;
        o.zone_name = read_width(vm, method, v, "timeZoneName", &[Long, Short])?;
        o.date_style = read_width(vm, method, v, "dateStyle", &[])?;
        o.time_style = read_width(vm, method, v, "timeStyle", &[])?;
        let h12 = vm.get_prop(v, &JsStr::from_str("hour12"))?;
        let cycle = vm.get_prop(v, &JsStr::from_str("hourCycle"))?;
        if !matches!(h12, Value::Undefined) {
            o.cycle = Some(if h12.truthy() { Cycle::H12 } else { Cycle::H24 });
        } else if !matches!(cycle, Value::Undefined) {
            let c = vm.to_rust_string(&cycle)?;
            o.cycle = Some(match c.as_str() {
                "h11" => Cycle::H11,
                "h12" => Cycle::H12,
                "h23" => Cycle::H23,
                "h24" => Cycle::H24,
                _ => {
                    return Err(vm.range_error(&format!(
                        "Value {c} out of range for {method} options property hourCycle"
                    )))
                }
            });
        }
        let zone = vm.get_prop(v, &JsStr::from_str("timeZone"))?;
        if !matches!(zone, Value::Undefined) {
            let name = vm.to_rust_string(&zone)?;
            match jiff::tz::TimeZone::get(&name) {
                Ok(z) => o.zone = Some(z),
                Err(_) => {
                    return Err(vm.range_error(&format!("Invalid time zone specified: {name}")))
                }
            }
        }
        let styled = o.date_style.is_some() || o.time_style.is_some();
        if required == DATE && o.time_style.is_some() {
            return Err(vm.type_error("Invalid option : timeStyle"));
        }
        if required == TIME && o.date_style.is_some() {
            return Err(vm.type_error("Invalid option : dateStyle"));
        }
        let fields = [
            ("weekday", o.weekday),
            ("year", o.year),
            ("month", o.month),
            ("day", o.day),
            ("hour", o.hour),
            ("minute", o.minute),
            ("second", o.second),
            ("timeZoneName", o.zone_name),
        ];
        if let (true, Some((field, _))) = (styled, fields.iter().find(|f| f.1.is_some())) {
            let style = if o.date_style.is_some() {
                "dateStyle"
            } else {
                "timeStyle"
            };
            return Err(vm.type_error(&format!("Can't set option {field} when {style} is used")));
        }
        if styled {
            return Ok(o);
        }
    }
    let has_date = o.weekday.is_some() || o.year.is_some() || o.month.is_some() || o.day.is_some();
    let has_time = o.hour.is_some() || o.minute.is_some() || o.second.is_some();
    let need_defaults = match required {
        DATE => !has_date,
        TIME => !has_time,
        _ => !has_date && !has_time,
    };
    if need_defaults && required != TIME {
        o.year = Some(Width::Numeric);
        o.month = Some(Width::Numeric);
        o.day = Some(Width::Numeric);
    }
    if need_defaults && required != DATE && required != FORMAT {
        o.hour = Some(Width::Numeric);
        o.minute = Some(Width::Numeric);
        o.second = Some(Width::Numeric);
    }
    Ok(o)
}

fn to_locale_string<const REQUIRED: u8>(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let t = this_time(vm, this)?;
    check_locales(vm, &arg(a, 0))?;
    let method = match REQUIRED {
        DATE => "Date.prototype.toLocaleDateString",
        TIME => "Date.prototype.toLocaleTimeString",
        _ => "Date.prototype.toLocaleString",
    };
    let o = read_options(vm, method, &arg(a, 1), REQUIRED)?;
    if t.is_nan() {
        return Ok(Value::str("Invalid Date"));
    }
    Ok(Value::str(&format_date(&vm.date_env, t, &o)))
}

pub(crate) fn format_date(env: &DateEnv, t: f64, o: &Options) -> String {
    let env = match &o.zone {
        Some(zone) => DateEnv {
            fixed_now: None,
            zone: Some(zone.clone()),
        },
        None => env.clone(),
    };
    let local = env.local(t);
    let f = fields(local);
    if o.date_style.is_some() || o.time_style.is_some() {
        return styled(&env, t, &f, o);
    }
    let date = date_part(&f, o);
    let time = time_part(&env, t, &f, o);
    // ICU's en-US joins a long month's date and a time with " at ", a weekday alone with a
    // space, anything else with ", ".
    let joiner = match o.month {
        Some(Width::Long) => " at ",
        None if o.year.is_none() && o.day.is_none() => " ",
        _ => ", ",
    };
    match (date.is_empty(), time.is_empty()) {
        (false, false) => format!("{date}{joiner}{time}"),
        (true, _) => time,
        (_, true) => date,
    }
}

fn year_text(y: i64, w: Width) -> String {
    match w {
        Width::TwoDigit => format!("{:02}", y.rem_euclid(100)),
        _ if y <= 0 => format!("{}", 1 - y),
        _ => y.to_string(),
    }
}

fn num(n: u32, w: Width) -> String {
    if w == Width::TwoDigit {
        format!("{n:02}")
    } else {
        n.to_string()
    }
}

fn weekday_text(d: u32, w: Width) -> String {
    match w {
        Width::Long => LONG_DAYS[d as usize].into(),
        Width::Narrow => LONG_DAYS[d as usize][..1].into(),
        _ => WEEK_DAYS[d as usize].into(),
    }
}

fn date_part(f: &Fields, o: &Options) -> String {
    let year = o.year.map(|w| year_text(f.year, w));
    let day = o.day.map(|w| num(f.date, w));
    let weekday = o.weekday.map(|w| weekday_text(f.week_day, w));
    let body = match o.month {
        Some(w @ (Width::Long | Width::Short | Width::Narrow)) => {
            let m = match w {
                Width::Long => LONG_MONTHS[f.month as usize].to_string(),
                Width::Short => MONTHS[f.month as usize].to_string(),
                _ => LONG_MONTHS[f.month as usize][..1].to_string(),
            };
            match (day, year) {
                (Some(d), Some(y)) => format!("{m} {d}, {y}"),
                (Some(d), None) => format!("{m} {d}"),
                (None, Some(y)) => format!("{m} {y}"),
                (None, None) => m,
            }
        }
        month => {
            let parts: Vec<String> = [month.map(|w| num(f.month + 1, w)), day, year]
                .into_iter()
                .flatten()
                .collect();
            parts.join("/")
        }
    };
    match (weekday, body.is_empty()) {
        (Some(w), false) => format!("{w}, {body}"),
        (Some(w), true) => w,
        (None, _) => body,
    }
}

/// The US zones' abbreviations ICU's en-US data has; other zones show their offset.
const US_ABBREVIATIONS: &[&str] = &[
    "EST", "EDT", "CST", "CDT", "MST", "MDT", "PST", "PDT", "AKST", "AKDT", "HST", "HDT",
];

fn zone_text(env: &DateEnv, t: f64, w: Width) -> String {
    match (&env.zone, w) {
        (None, Width::Long) => "Coordinated Universal Time".into(),
        (None, _) => "UTC".into(),
        (Some(_), _) => {
            let abbreviation = env.zone_name(t);
            if abbreviation == "Coordinated Universal Time" {
                return zone_text(&DateEnv::default(), t, w);
            }
            if US_ABBREVIATIONS.contains(&abbreviation.as_str()) {
                return abbreviation;
            }
            let minutes = (env.offset_at(t) / MS_PER_MINUTE) as i64;
            let sign = if minutes < 0 { '-' } else { '+' };
            match (minutes.abs() / 60, minutes.abs() % 60) {
                (0, 0) => "GMT".into(),
                (h, 0) => format!("GMT{sign}{h}"),
                (h, m) => format!("GMT{sign}{h}:{m:02}"),
            }
        }
    }
}

fn time_part(env: &DateEnv, t: f64, f: &Fields, o: &Options) -> String {
    let cycle = o.cycle.unwrap_or(Cycle::H12);
    let h12 = matches!(cycle, Cycle::H11 | Cycle::H12);
    let mut parts = Vec::new();
    if let Some(w) = o.hour {
        parts.push(match cycle {
            Cycle::H12 if f.hour % 12 == 0 => num(12, w),
            Cycle::H12 | Cycle::H11 => num(f.hour % 12, w),
            Cycle::H23 => format!("{:02}", f.hour),
            Cycle::H24 => format!("{:02}", if f.hour == 0 { 24 } else { f.hour }),
        });
    }
    let with_hour = o.hour.is_some();
    // A minute or second alone is numeric whatever the width asked (as ICU gives it).
    if o.minute.is_some() {
        parts.push(if with_hour {
            format!("{:02}", f.minute)
        } else {
            f.minute.to_string()
        });
    }
    if o.second.is_some() {
        parts.push(if with_hour || o.minute.is_some() {
            format!("{:02}", f.second)
        } else {
            f.second.to_string()
        });
    }
    let mut s = parts.join(":");
    if with_hour && h12 {
        s.push_str(if f.hour < 12 { " AM" } else { " PM" });
    }
    if let Some(w) = o.zone_name {
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str(&zone_text(env, t, w));
    }
    s
}

fn styled(env: &DateEnv, t: f64, f: &Fields, o: &Options) -> String {
    let date = o.date_style.map(|s| match s {
        Width::Long => format!(
            "{}, {} {}, {}",
            LONG_DAYS[f.week_day as usize],
            LONG_MONTHS[f.month as usize],
            f.date,
            year_text(f.year, Width::Numeric)
        ),
        Width::Short => format!(
            "{} {}, {}",
            LONG_MONTHS[f.month as usize],
            f.date,
            year_text(f.year, Width::Numeric)
        ),
        Width::Numeric => format!(
            "{} {}, {}",
            MONTHS[f.month as usize],
            f.date,
            year_text(f.year, Width::Numeric)
        ),
        _ => format!(
            "{}/{}/{}",
            f.month + 1,
            f.date,
            year_text(f.year, Width::TwoDigit)
        ),
    });
    let time = o.time_style.map(|s| {
        let opts = Options {
            hour: Some(Width::Numeric),
            minute: Some(Width::TwoDigit),
            second: (s != Width::TwoDigit).then_some(Width::TwoDigit),
            cycle: o.cycle,
            zone_name: match s {
                Width::Long => Some(Width::Long),
                Width::Short => Some(Width::Short),
                _ => None,
            },
            ..Options::default()
        };
        time_part(env, t, f, &opts)
    });
    match (date, time) {
        (Some(d), Some(tm)) => {
            let joiner = match o.date_style {
                Some(Width::Long | Width::Short) => " at ",
                _ => ", ",
            };
            format!("{d}{joiner}{tm}")
        }
        (Some(d), None) => d,
        (None, Some(tm)) => tm,
        (None, None) => String::new(),
    }
}
