//! Intl for en-US: `Intl.NumberFormat`, `Intl.DateTimeFormat` and
//! `Number.prototype.toLocaleString`. Other locales are a RangeError naming en-US.

mod number;

use super::date::locale::{self as date_locale, FORMAT};
use super::*;
use number::*;

pub use number::NumberFormat;

pub(super) fn install(b: &mut RealmBuilder) {
    let global = b.realm.global;
    let object_proto = b.realm.object_proto;
    let intl = b.obj(Some(object_proto), Kind::Ordinary);
    b.set(global, "Intl", Value::Obj(intl));
    let nf_proto = b.realm.number_format_proto;
    let nf = b.def(intl, "NumberFormat", number_format_ctor, 0);
    b.link(nf, nf_proto);
    b.def(nf, "supportedLocalesOf", supported_locales_of, 1);
    b.def(nf_proto, "format", number_format_format, 1);
    b.def(nf_proto, "resolvedOptions", number_format_resolved, 0);
    let dtf_proto = b.realm.date_time_format_proto;
    let dtf = b.def(intl, "DateTimeFormat", date_time_format_ctor, 0);
    b.link(dtf, dtf_proto);
    b.def(dtf, "supportedLocalesOf", supported_locales_of, 1);
    b.def(dtf_proto, "format", date_time_format_format, 1);
    b.def(dtf_proto, "resolvedOptions", date_time_format_resolved, 0);
    let number_proto = b.realm.number_proto;
    b.def(number_proto, "toLocaleString", number_to_locale_string, 0);
}

fn supported_locales_of(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let list = match arg(a, 0) {
        Value::Undefined => Vec::new(),
        Value::Str(s) => vec![Value::Str(s)],
        v => vm.iterate_to_vec(&v)?,
    };
    let mut out = Vec::new();
    for v in list.iter().take(64) {
        let tag = vm.to_rust_string(v)?;
        if date_locale::LOCALES
            .iter()
            .any(|l| l.eq_ignore_ascii_case(&tag))
        {
            out.push(Value::str(&tag));
        }
    }
    Ok(Value::Obj(vm.new_array(out)))
}

/// The number of an option between `min` and `max` (V8's RangeError past them).
fn number_option(
    vm: &mut Vm,
    opts: &Value,
    name: &str,
    min: usize,
    max: usize,
) -> JsResult<Option<usize>> {
    if !matches!(opts, Value::Obj(_)) {
        return Ok(None);
    }
    let v = vm.get_prop(opts, &JsStr::from_str(name))?;
    if matches!(v, Value::Undefined) {
        return Ok(None);
    }
    let n = vm.to_number(&v)?;
    if n.is_nan() || n < min as f64 || n > max as f64 {
        return Err(vm.range_error(&format!("{name} value is out of range.")));
    }
    Ok(Some(n.floor() as usize))
}

fn string_option(
    vm: &mut Vm,
    method: &str,
    opts: &Value,
    name: &str,
    allowed: &[&str],
) -> JsResult<Option<String>> {
    if !matches!(opts, Value::Obj(_)) {
        return Ok(None);
    }
    let v = vm.get_prop(opts, &JsStr::from_str(name))?;
    if matches!(v, Value::Undefined) {
        return Ok(None);
    }
    let s = vm.to_rust_string(&v)?;
    if !allowed.is_empty() && !allowed.contains(&s.as_str()) {
        return Err(vm.range_error(&format!(
            "Value {s} out of range for {method} options property {name}"
        )));
    }
    Ok(Some(s))
}

/// The options of a NumberFormat (ECMA-402 InitializeNumberFormat, for en-US).
fn number_options(
    vm: &mut Vm,
    method: &str,
    locales: &Value,
    opts: &Value,
) -> JsResult<NumberFormat> {
    date_locale::check_locales(vm, locales)?;
    if matches!(opts, Value::Null) {
        return Err(vm.type_error("Cannot convert undefined or null to object"));
    }
    let style = match string_option(
        vm,
        method,
        opts,
        "style",
        &["decimal", "percent", "currency", "unit"],
    )?
    .as_deref()
    {
        Some("percent") => Style::Percent,
        Some("currency") => Style::Currency,
        Some("unit") => {
            return Err(vm.range_error(
                "style \"unit\" is not supported: format the number and add the unit",
            ))
        }
        _ => Style::Decimal,
    };
    let currency = match string_option(vm, method, opts, "currency", &[])? {
        Some(c) if c.len() == 3 && c.bytes().all(|b| b.is_ascii_alphabetic()) => {
            Some(c.to_ascii_uppercase())
        }
        Some(c) => return Err(vm.range_error(&format!("Invalid currency code : {c}"))),
        None => None,
    };
    let currency_display = match string_option(
        vm,
        method,
        opts,
        "currencyDisplay",
        &["symbol", "narrowSymbol", "code", "name"],
    )?
    .as_deref()
    {
        Some("narrowSymbol") => CurrencyDisplay::NarrowSymbol,
        Some("code") => CurrencyDisplay::Code,
        Some("name") => CurrencyDisplay::Name,
        _ => CurrencyDisplay::Symbol,
    };
    if style == Style::Currency && currency.is_none() {
        return Err(vm.type_error("Currency code is required with currency style."));
    }
    let notation = string_option(
        vm,
        method,
        opts,
        "notation",
        &["standard", "scientific", "engineering", "compact"],
    )?;
    let compact =
        match notation.as_deref() {
            Some("compact") => true,
            Some("scientific" | "engineering") => return Err(vm.range_error(
                "notation \"scientific\" and \"engineering\" are not supported: use toExponential",
            )),
            _ => false,
        };
    if string_option(vm, method, opts, "compactDisplay", &["short", "long"])?.as_deref()
        == Some("long")
    {
        return Err(vm.range_error("compactDisplay \"long\" is not supported: use \"short\""));
    }
    let min_integer = number_option(vm, opts, "minimumIntegerDigits", 1, 21)?.unwrap_or(1);
    let mnfd = number_option(vm, opts, "minimumFractionDigits", 0, 100)?;
    let mxfd = number_option(vm, opts, "maximumFractionDigits", 0, 100)?;
    let mnsd = number_option(vm, opts, "minimumSignificantDigits", 1, 21)?;
    let mxsd = number_option(vm, opts, "maximumSignificantDigits", mnsd.unwrap_or(1), 21)?;
    let currency_code = currency.clone().unwrap_or_default();
    let default_min = if style == Style::Currency {
        currency_digits(&currency_code)
    } else {
        0
    };
    let default_max = match style {
        Style::Currency => default_min,
        Style::Percent => 0,
        Style::Decimal => 3,
    };
    let (min_fraction, max_fraction) = match (mnfd, mxfd) {
        (None, None) => (default_min, default_max.max(default_min)),
        (None, Some(mx)) => (default_min.min(mx), mx),
        (Some(mn), None) => (mn, default_max.max(mn)),
        (Some(mn), Some(mx)) if mn > mx => {
            return Err(vm.range_error("maximumFractionDigits value is out of range."))
        }
        (Some(mn), Some(mx)) => (mn, mx),
    };
    let significant = match (mnsd, mxsd) {
        (None, None) => None,
        (mn, mx) => Some((mn.unwrap_or(1), mx.unwrap_or(21))),
    };
    let grouping = match string_option(vm, method, opts, "useGrouping", &[])?.as_deref() {
        None => {
            if compact {
                Grouping::Min2
            } else {
                Grouping::Auto
            }
        }
        Some("false") | Some("") => Grouping::Off,
        Some("min2") => Grouping::Min2,
        Some("always") | Some("true") => Grouping::Always,
        Some(_) => Grouping::Auto,
    };
    let sign = match string_option(
        vm,
        method,
        opts,
        "signDisplay",
        &["auto", "always", "never", "exceptZero", "negative"],
    )?
    .as_deref()
    {
        Some("always") => SignDisplay::Always,
        Some("never") => SignDisplay::Never,
        Some("exceptZero") => SignDisplay::ExceptZero,
        Some("negative") => SignDisplay::Negative,
        _ => SignDisplay::Auto,
    };
    let digits_given = mnfd.is_some() || mxfd.is_some() || significant.is_some();
    Ok(NumberFormat {
        style,
        currency: currency_code,
        currency_display,
        min_integer,
        min_fraction,
        max_fraction,
        significant,
        grouping,
        compact,
        compact_default_rounding: compact && !digits_given,
        sign,
    })
}

/// `f.format(b)` of the BigInt `b`, exactly (its decimal text charged as `toString`).
pub(crate) fn format_bigint(vm: &mut Vm, f: &NumberFormat, b: ObjRef) -> JsResult<String> {
    let text = vm.bigint_to_string(b, 10)?;
    let (negative, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text.as_str()),
    };
    Ok(f.format_integer(negative, digits))
}

/// BigInt.prototype.toLocaleString(locales, options): Intl.NumberFormat's format, exactly.
pub(crate) fn bigint_to_locale_string(vm: &mut Vm, b: ObjRef, a: &[Value]) -> JsResult<Value> {
    let method = "BigInt.prototype.toLocaleString";
    let f = number_options(vm, method, &arg(a, 0), &arg(a, 1))?;
    let s = format_bigint(vm, &f, b)?;
    vm.new_string(s.encode_utf16().collect())
}

fn number_to_locale_string(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let x = match this {
        Value::Num(n) => *n,
        v => match vm.wrapped(v) {
            Some(Value::Num(n)) => n,
            _ => {
                return Err(vm.type_error(
                    "Number.prototype.toLocaleString requires that 'this' be a Number",
                ))
            }
        },
    };
    let method = "Number.prototype.toLocaleString";
    let f = number_options(vm, method, &arg(a, 0), &arg(a, 1))?;
    Ok(Value::str(&f.format(x)))
}

/// A formatter object of `proto` holding `kind`, with its own `format` bound to it (so
/// `list.map(nf.format)` works, as the specification's bound getter allows).
fn new_formatter(vm: &mut Vm, proto: ObjRef, kind: Kind) -> JsResult<Value> {
    let o = vm.alloc(Some(proto), kind);
    let format = vm.get_prop(&Value::Obj(proto), &JsStr::from_str("format"))?;
    let fp = vm.realm.function_proto;
    let bound = vm.alloc(
        Some(fp),
        Kind::Bound(Box::new((format, Value::Obj(o), Vec::new()))),
    );
    vm.define_hidden(o, "format", Value::Obj(bound));
    Ok(Value::Obj(o))
}

fn number_format_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let f = number_options(vm, "Intl.NumberFormat", &arg(a, 0), &arg(a, 1))?;
    let proto = vm.realm.number_format_proto;
    new_formatter(vm, proto, Kind::NumberFormat(Box::new(f)))
}

fn this_number_format(vm: &mut Vm, this: &Value) -> JsResult<NumberFormat> {
    if let Value::Obj(r) = this {
        if let Kind::NumberFormat(f) = &vm.heap.get(*r).kind {
            return Ok((**f).clone());
        }
    }
    Err(vm.type_error("Method Intl.NumberFormat.prototype.format called on incompatible receiver"))
}

fn number_format_format(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let f = this_number_format(vm, this)?;
    // A BigInt is formatted exactly, from its decimal digits.
    if let Value::BigInt(r) = vm.to_numeric(arg(a, 0))? {
        return Ok(Value::str(&format_bigint(vm, &f, r)?));
    }
    let x = vm.to_number(&arg(a, 0))?;
    Ok(Value::str(&f.format(x)))
}

fn number_format_resolved(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    let f = this_number_format(vm, this)?;
    let o = vm.new_object();
    let set = |vm: &mut Vm, k: &str, v: Value| {
        vm.heap
            .get_mut(o)
            .props
            .insert(JsStr::from_str(k), v, crate::heap::DEFAULT_FLAGS);
    };
    set(vm, "locale", Value::str("en-US"));
    set(vm, "numberingSystem", Value::str("latn"));
    let style = match f.style {
        Style::Decimal => "decimal",
        Style::Percent => "percent",
        Style::Currency => "currency",
    };
    set(vm, "style", Value::str(style));
    if f.style == Style::Currency {
        set(vm, "currency", Value::str(&f.currency));
        let display = match f.currency_display {
            CurrencyDisplay::Symbol => "symbol",
            CurrencyDisplay::NarrowSymbol => "narrowSymbol",
            CurrencyDisplay::Code => "code",
            CurrencyDisplay::Name => "name",
        };
        set(vm, "currencyDisplay", Value::str(display));
        set(vm, "currencySign", Value::str("standard"));
    }
    set(vm, "minimumIntegerDigits", Value::Num(f.min_integer as f64));
    match f.significant {
        Some((mn, mx)) => {
            set(vm, "minimumSignificantDigits", Value::Num(mn as f64));
            set(vm, "maximumSignificantDigits", Value::Num(mx as f64));
        }
        None => {
            set(
                vm,
                "minimumFractionDigits",
                Value::Num(f.min_fraction as f64),
            );
            set(
                vm,
                "maximumFractionDigits",
                Value::Num(f.max_fraction as f64),
            );
        }
    }
    let grouping = match f.grouping {
        Grouping::Always => Value::str("always"),
        Grouping::Auto => Value::str("auto"),
        Grouping::Min2 => Value::str("min2"),
        Grouping::Off => Value::Bool(false),
    };
    set(vm, "useGrouping", grouping);
    set(
        vm,
        "notation",
        Value::str(if f.compact { "compact" } else { "standard" }),
    );
    if f.compact {
        set(vm, "compactDisplay", Value::str("short"));
    }
    let sign = match f.sign {
        SignDisplay::Auto => "auto",
        SignDisplay::Always => "always",
        SignDisplay::Never => "never",
        SignDisplay::ExceptZero => "exceptZero",
        SignDisplay::Negative => "negative",
    };
    set(vm, "signDisplay", Value::str(sign));
    set(vm, "roundingMode", Value::str("halfExpand"));
    set(vm, "roundingIncrement", Value::Num(1.0));
    set(vm, "trailingZeroDisplay", Value::str("auto"));
    set(vm, "roundingPriority", Value::str("auto"));
    Ok(Value::Obj(o))
}

fn date_time_format_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    date_locale::check_locales(vm, &arg(a, 0))?;
    let o = date_locale::read_options(vm, "Intl.DateTimeFormat", &arg(a, 1), FORMAT)?;
    let proto = vm.realm.date_time_format_proto;
    new_formatter(vm, proto, Kind::DateTimeFormat(Box::new(o)))
}

fn this_date_time_format(vm: &mut Vm, this: &Value) -> JsResult<date_locale::Options> {
    if let Value::Obj(r) = this {
        if let Kind::DateTimeFormat(o) = &vm.heap.get(*r).kind {
            return Ok((**o).clone());
        }
    }
    Err(vm
        .type_error("Method Intl.DateTimeFormat.prototype.format called on incompatible receiver"))
}

fn date_time_format_format(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let o = this_date_time_format(vm, this)?;
    let t = match arg(a, 0) {
        Value::Undefined => vm.date_env.now(),
        v @ Value::Obj(_)
            if matches!(
                v.as_obj().map(|r| &vm.heap.get(r).kind),
                Some(Kind::Date(_))
            ) =>
        {
            super::date::this_time(vm, &v)?
        }
        v => vm.to_number(&v)?,
    };
    if !t.is_finite() || t.abs() > 8.64e15 {
        return Err(vm.range_error("Invalid time value"));
    }
    Ok(Value::str(&date_locale::format_date(&vm.date_env, t, &o)))
}

fn date_time_format_resolved(vm: &mut Vm, this: &Value, _: &[Value]) -> JsResult<Value> {
    let o = this_date_time_format(vm, this)?;
    let zone = o.zone_name(&vm.date_env);
    let r = vm.new_object();
    for (k, v) in [
        ("locale", "en-US"),
        ("calendar", "gregory"),
        ("numberingSystem", "latn"),
        ("timeZone", zone.as_str()),
    ] {
        vm.heap.get_mut(r).props.insert(
            JsStr::from_str(k),
            Value::str(v),
            crate::heap::DEFAULT_FLAGS,
        );
    }
    Ok(Value::Obj(r))
}
