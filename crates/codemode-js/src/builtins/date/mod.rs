//! Date (ECMAScript 21.4): time values in `Kind::Date`, the constructor's forms, every
//! getter and setter in local time and UTC, and the text forms. Local time is UTC unless the
//! host set a zone; `Date.now()` reads the host's clock unless the host fixed it
//! (`time::DateEnv`).

pub(crate) mod locale;
mod text;
mod time;

pub use time::{time_zone_exists, DateEnv};

use super::*;
use time::*;

pub(super) fn install(b: &mut RealmBuilder) {
    let global = b.realm.global;
    let proto = b.realm.date_proto;
    let ctor = b.def(global, "Date", date_ctor, 7);
    b.link(ctor, proto);
    b.def(ctor, "now", date_now, 0);
    b.def(ctor, "parse", date_parse, 1);
    b.def(ctor, "UTC", date_utc, 7);
    let getters: [(&str, NativeFn); 19] = [
        ("getTime", get_time),
        ("valueOf", get_time),
        ("getFullYear", get_field::<false, 0>),
        ("getMonth", get_field::<false, 1>),
        ("getDate", get_field::<false, 2>),
        ("getHours", get_field::<false, 3>),
        ("getMinutes", get_field::<false, 4>),
        ("getSeconds", get_field::<false, 5>),
        ("getMilliseconds", get_field::<false, 6>),
        ("getDay", get_field::<false, 7>),
        ("getUTCFullYear", get_field::<true, 0>),
        ("getUTCMonth", get_field::<true, 1>),
        ("getUTCDate", get_field::<true, 2>),
        ("getUTCHours", get_field::<true, 3>),
        ("getUTCMinutes", get_field::<true, 4>),
        ("getUTCSeconds", get_field::<true, 5>),
        ("getUTCMilliseconds", get_field::<true, 6>),
        ("getUTCDay", get_field::<true, 7>),
        ("getTimezoneOffset", get_timezone_offset),
    ];
    for (name, f) in getters {
        b.def(proto, name, f, 0);
    }
    b.def(proto, "getYear", get_year, 0);
    let setters: [(&str, NativeFn, u8); 14] = [
        ("setFullYear", set_fields::<false, 0>, 3),
        ("setMonth", set_fields::<false, 1>, 2),
        ("setDate", set_fields::<false, 2>, 1),
        ("setHours", set_fields::<false, 3>, 4),
        ("setMinutes", set_fields::<false, 4>, 3),
        ("setSeconds", set_fields::<false, 5>, 2),
        ("setMilliseconds", set_fields::<false, 6>, 1),
        ("setUTCFullYear", set_fields::<true, 0>, 3),
        ("setUTCMonth", set_fields::<true, 1>, 2),
        ("setUTCDate", set_fields::<true, 2>, 1),
        ("setUTCHours", set_fields::<true, 3>, 4),
        ("setUTCMinutes", set_fields::<true, 4>, 3),
        ("setUTCSeconds", set_fields::<true, 5>, 2),
        ("setUTCMilliseconds", set_fields::<true, 6>, 1),
    ];
    for (name, f, len) in setters {
        b.def(proto, name, f, len);
    }
    b.def(proto, "setTime", set_time, 1);
    b.def(proto, "setYear", set_year, 1);
    b.def(proto, "toString", to_string, 0);
    b.def(proto, "toDateString", to_date_string, 0);
    b.def(proto, "toTimeString", to_time_string, 0);
    b.def(proto, "toISOString", to_iso_string, 0);
    let utc = b.def(proto, "toUTCString", to_utc_string, 0);
    b.set(proto, "toGMTString", Value::Obj(utc));
    b.def(proto, "toJSON", to_json, 1);
    locale::install(b);
}

/// The time value of a Date `this`.
pub(crate) fn this_time(vm: &mut Vm, this: &Value) -> JsResult<f64> {
    if let Value::Obj(r) = this {
        if let Kind::Date(t) = vm.heap.get(*r).kind {
            return Ok(t);
        }
    }
    Err(vm.type_error("this is not a Date object."))
}

fn set_this_time(vm: &mut Vm, this: &Value, t: f64) -> Value {
    if let Value::Obj(r) = this {
        vm.heap.get_mut(*r).kind = Kind::Date(t);
    }
    Value::Num(t)
}

pub(crate) fn new_date(vm: &mut Vm, t: f64) -> Value {
    let proto = vm.realm.date_proto;
    Value::Obj(vm.alloc(Some(proto), Kind::Date(t)))
}

fn date_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    if !vm.is_new {
        let now = vm.date_env.now();
        return Ok(Value::str(&text::to_string(&vm.date_env, now)));
    }
    let t = match a {
        [] => time_clip(vm.date_env.now()),
        [v] => {
            let dated = match v {
                Value::Obj(r) => match vm.heap.get(*r).kind {
                    Kind::Date(t) => Some(t),
                    _ => None,
                },
                _ => None,
            };
            match dated {
                Some(t) => t,
                None => match vm.to_primitive(v, true)? {
                    Value::Str(s) if s.len() > 256 => f64::NAN,
                    Value::Str(s) => text::parse(&vm.date_env, &s.to_rust()),
                    p => time_clip(vm.to_number(&p)?),
                },
            }
        }
        _ => {
            let local = from_components(vm, a)?;
            time_clip(vm.date_env.utc(local))
        }
    };
    Ok(new_date(vm, t))
}

/// The time value of (year, month[, date, hours, minutes, seconds, ms]) as the constructor
/// and `Date.UTC` read them: two-digit years are 1900s.
fn from_components(vm: &mut Vm, a: &[Value]) -> JsResult<f64> {
    let mut n = [f64::NAN, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0];
    for (i, v) in a.iter().take(7).enumerate() {
        n[i] = vm.to_number(v)?;
    }
    if a.is_empty() {
        n[0] = f64::NAN;
    }
    let y = n[0];
    if !y.is_nan() {
        let yi = y.trunc();
        if (0.0..=99.0).contains(&yi) {
            n[0] = 1900.0 + yi;
        }
    }
    Ok(make_date(
        make_day(n[0], n[1], n[2]),
        make_time(n[3], n[4], n[5], n[6]),
    ))
}

fn date_now(vm: &mut Vm, _: &Value, _: &[Value]) -> JsResult<Value> {
    Ok(Value::Num(vm.date_env.now()))
}

fn date_parse(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let s = vm.to_string(&arg(a, 0))?;
    if s.len() > 256 {
        return Ok(Value::Num(f64::NAN));
    }
    Ok(Value::Num(text::parse(&vm.date_env, &s.to_rust())))
}

fn date_utc(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let t = from_components(vm, a)?;
    Ok(Value::Num(time_clip(t)))
}

fn get_time(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    Ok(Value::Num(this_time(vm, this)?))
}

/// The calendar field `F` (year, month, date, hours, minutes, seconds, ms, week day) in
/// local time or UTC.
fn get_field<const UTC: bool, const F: u8>(
    vm: &mut Vm,
    this: &Value,
    _: &[Value],
) -> JsResult<Value> {
    let t = this_time(vm, this)?;
    if t.is_nan() {
        return Ok(Value::Num(f64::NAN));
    }
    let t = if UTC { t } else { vm.date_env.local(t) };
    let f = fields(t);
    Ok(Value::Num(match F {
        0 => f.year as f64,
        1 => f.month as f64,
        2 => f.date as f64,
        3 => f.hour as f64,
        4 => f.minute as f64,
        5 => f.second as f64,
        6 => f.ms as f64,
        _ => f.week_day as f64,
    }))
}

fn get_timezone_offset(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    let t = this_time(vm, this)?;
    if t.is_nan() {
        return Ok(Value::Num(f64::NAN));
    }
    Ok(Value::Num(-vm.date_env.offset_at(t) / MS_PER_MINUTE + 0.0))
}

fn get_year(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    match get_field::<false, 0>(vm, this, a)? {
        Value::Num(y) => Ok(Value::Num(y - 1900.0)),
        v => Ok(v),
    }
}

/// `setFullYear`, `setHours`, ... : the arguments replace the fields from `F` on (year,
/// month, date | hours, minutes, seconds, ms), each converted in order before the date is
/// checked, as the specification orders it.
fn set_fields<const UTC: bool, const F: usize>(
    vm: &mut Vm,
    this: &Value,
    a: &[Value],
) -> JsResult<Value> {
    let tv = this_time(vm, this)?;
    let max = if F <= 2 { 3 - F } else { 7 - F };
    let mut given = [f64::NAN; 4];
    let count = a.len().clamp(1, max);
    for (i, slot) in given.iter_mut().enumerate().take(count) {
        *slot = vm.to_number(&arg(a, i))?;
    }
    // setFullYear on an invalid date starts from +0; the others stay invalid.
    let t = if tv.is_nan() {
        if F != 0 {
            return Ok(Value::Num(f64::NAN));
        }
        0.0
    } else if UTC {
        tv
    } else {
        vm.date_env.local(tv)
    };
    let f = fields(t);
    let mut n = [
        f.year as f64,
        f.month as f64,
        f.date as f64,
        f.hour as f64,
        f.minute as f64,
        f.second as f64,
        f.ms as f64,
    ];
    n[F..F + count].copy_from_slice(&given[..count]);
    let date = make_date(
        make_day(n[0], n[1], n[2]),
        make_time(n[3], n[4], n[5], n[6]),
    );
    let u = time_clip(if UTC { date } else { vm.date_env.utc(date) });
    Ok(set_this_time(vm, this, u))
}

fn set_time(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    this_time(vm, this)?;
    let t = vm.to_number(&arg(a, 0))?;
    Ok(set_this_time(vm, this, time_clip(t)))
}

/// Annex B `setYear`: two-digit years are 1900s.
fn set_year(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let tv = this_time(vm, this)?;
    let y = vm.to_number(&arg(a, 0))?;
    if y.is_nan() {
        return Ok(set_this_time(vm, this, f64::NAN));
    }
    let t = if tv.is_nan() {
        0.0
    } else {
        vm.date_env.local(tv)
    };
    let yi = y.trunc();
    let year = if (0.0..=99.0).contains(&yi) {
        1900.0 + yi
    } else {
        y
    };
    let f = fields(t);
    let d = make_day(year, f.month as f64, f.date as f64);
    let u = time_clip(vm.date_env.utc(make_date(d, time_within_day(t))));
    Ok(set_this_time(vm, this, u))
}

/// `f(t)` of a valid date, "Invalid Date" otherwise.
fn text_of(vm: &mut Vm, this: &Value, f: impl FnOnce(&DateEnv, f64) -> String) -> JsResult<Value> {
    let t = this_time(vm, this)?;
    if t.is_nan() {
        return Ok(Value::str("Invalid Date"));
    }
    Ok(Value::str(&f(&vm.date_env, t)))
}

fn to_string(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    text_of(vm, this, text::to_string)
}
fn to_date_string(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    text_of(vm, this, |env, t| text::date_string(env.local(t)))
}
fn to_time_string(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    text_of(vm, this, text::time_string)
}
fn to_utc_string(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    text_of(vm, this, |_, t| text::to_utc_string(t))
}

fn to_iso_string(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    let t = this_time(vm, this)?;
    if t.is_nan() {
        return Err(vm.range_error("Invalid time value"));
    }
    Ok(Value::str(&text::to_iso_string(t)))
}

/// `toJSON`: null for an invalid date (toISOString would throw), else toISOString.
fn to_json(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    let t = match this {
        Value::Obj(r) => match vm.heap.get(*r).kind {
            Kind::Date(t) => t,
            _ => return Err(vm.type_error("toISOString is not a function")),
        },
        _ => return Err(vm.type_error("toISOString is not a function")),
    };
    if !t.is_finite() {
        return Ok(Value::Null);
    }
    Ok(Value::str(&text::to_iso_string(t)))
}

/// The ISO text a Date exports as (its `toJSON`), None for an invalid date.
pub(crate) fn export_text(t: f64) -> Option<String> {
    t.is_finite().then(|| text::to_iso_string(t))
}
