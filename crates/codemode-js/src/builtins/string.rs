//! String and String.prototype.

use super::*;

pub(super) fn install(b: &mut RealmBuilder) {
    let global = b.realm.global;
    let string_proto = b.realm.string_proto;
    // String
    let string = b.def(global, "String", string_ctor, 1);
    b.link(string, string_proto);
    // String.prototype is itself the String object of "" (ECMAScript), so it has a length.
    b.heap.get_mut(string_proto).props.insert(
        JsStr::from_str("length"),
        Value::Num(0.0),
        NON_CONFIGURABLE,
    );
    b.def(string, "fromCharCode", string_from_char_code, 1);
    b.def(string, "fromCodePoint", string_from_code_point, 1);
    for (name, f, len) in [
        ("charAt", str_char_at as NativeFn, 1u8),
        ("charCodeAt", str_char_code_at, 1),
        ("codePointAt", str_code_point_at, 1),
        ("at", str_at, 1),
        ("indexOf", str_index_of, 1),
        ("lastIndexOf", str_last_index_of, 1),
        ("includes", str_includes, 1),
        ("startsWith", str_starts_with, 1),
        ("endsWith", str_ends_with, 1),
        ("slice", str_slice, 2),
        ("substring", str_substring, 2),
        ("substr", str_substr, 2),
        ("toUpperCase", str_upper, 0),
        ("toLowerCase", str_lower, 0),
        ("toLocaleUpperCase", str_upper, 0),
        ("toLocaleLowerCase", str_lower, 0),
        ("trim", str_trim, 0),
        ("trimStart", str_trim_start, 0),
        ("trimEnd", str_trim_end, 0),
        ("padStart", str_pad_start, 2),
        ("padEnd", str_pad_end, 2),
        ("repeat", str_repeat, 1),
        ("concat", str_concat, 1),
        ("localeCompare", str_locale_compare, 1),
        ("normalize", str_normalize, 0),
        ("toString", str_value_of, 0),
        ("valueOf", str_value_of, 0),
    ] {
        b.def(string_proto, name, f, len);
    }
}

/// `String(v)`/`Number(v)` of an object with a program-defined valueOf/toString: the
/// converter (an ordinary call) computes the result in place of the native.
pub(crate) fn convert_by_program(vm: &mut Vm, code: u8, v: &Value, number_first: bool) -> bool {
    let Some(f) = vm.realm.converter else {
        return false;
    };
    if !vm.program_converts(v, number_first) {
        return false;
    }
    let args = vec![Value::Num(code as f64), v.clone(), Value::Undefined];
    vm.tail_call = Some((Value::Obj(f), Value::Undefined, args));
    true
}
pub(crate) fn string_ctor(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    if let Some(v) = a.first().filter(|_| !vm.is_new) {
        if convert_by_program(vm, 20, v, false) {
            return Ok(Value::Undefined);
        }
    }
    let s = match a.first() {
        None => Value::str(""),
        // String(symbol) is its descriptive string (only `new String(symbol)` throws).
        Some(Value::Sym(s)) if !vm.is_new => vm.str_from(s.units())?,
        Some(v) => Value::Str(vm.to_string(v)?),
    };
    if vm.is_new {
        return Ok(Value::Obj(vm.new_wrapper(s)));
    }
    Ok(s)
}
pub(crate) fn string_from_char_code(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let mut out = Vec::new();
    for x in a {
        out.push(number::to_uint32(vm.to_number(x)?) as u16);
    }
    vm.new_string(out)
}
pub(crate) fn string_from_code_point(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let mut out = Vec::new();
    for x in a {
        let n = vm.to_number(x)?;
        if !(0.0..=1114111.0).contains(&n) || n.fract() != 0.0 {
            let t = vm.to_rust_string(x)?;
            return Err(vm.range_error(&format!("Invalid code point {t}")));
        }
        let n = n as u32;
        if n < 0x10000 {
            out.push(n as u16);
        } else {
            let m = n - 0x10000;
            out.push(0xD800 + (m >> 10) as u16);
            out.push(0xDC00 + (m & 0x3ff) as u16);
        }
    }
    vm.new_string(out)
}
pub(crate) fn this_str(vm: &mut Vm, this: &Value) -> JsResult<JsStr> {
    match this {
        Value::Str(s) => Ok(s.clone()),
        Value::Undefined | Value::Null => {
            Err(vm.type_error("String.prototype method called on null or undefined"))
        }
        v => vm.to_string(v),
    }
}
pub(crate) fn unit_str(vm: &mut Vm, u: u16) -> Value {
    vm.unit_string(u)
}
pub(crate) fn to_int(vm: &mut Vm, v: &Value) -> JsResult<f64> {
    let n = vm.to_number(v)?;
    Ok(if n.is_nan() { 0.0 } else { n.trunc() })
}
pub(crate) fn str_char_at(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let i = to_int(vm, &arg(a, 0))?;
    Ok(if i >= 0.0 && (i as usize) < s.len() {
        unit_str(vm, s.units()[i as usize])
    } else {
        Value::str("")
    })
}
pub(crate) fn str_char_code_at(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let i = to_int(vm, &arg(a, 0))?;
    Ok(Value::Num(if i >= 0.0 && (i as usize) < s.len() {
        s.units()[i as usize] as f64
    } else {
        f64::NAN
    }))
}
pub(crate) fn str_code_point_at(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let i = to_int(vm, &arg(a, 0))?;
    if !(i >= 0.0 && (i as usize) < s.len()) {
        return Ok(Value::Undefined);
    }
    let u = s.units();
    let i = i as usize;
    let c = u[i];
    if (0xD800..0xDC00).contains(&c) {
        if let Some(&d) = u.get(i + 1) {
            if (0xDC00..0xE000).contains(&d) {
                return Ok(Value::Num(
                    (((c as u32 - 0xD800) << 10) + (d as u32 - 0xDC00) + 0x10000) as f64,
                ));
            }
        }
    }
    Ok(Value::Num(c as f64))
}
pub(crate) fn str_at(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let n = to_int(vm, &arg(a, 0))?;
    let len = s.len() as f64;
    let i = if n < 0.0 { len + n } else { n };
    if i < 0.0 || i >= len {
        return Ok(Value::Undefined);
    }
    Ok(unit_str(vm, s.units()[i as usize]))
}
pub(crate) fn str_index_of(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let n = vm.to_string(&arg(a, 0))?;
    let from = to_int(vm, &arg(a, 1))?.max(0.0) as usize;
    Ok(Value::Num(
        find_units_bounded(vm, s.units(), n.units(), from)?
            .map(|x| x as f64)
            .unwrap_or(-1.0),
    ))
}
pub(crate) fn str_last_index_of(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let n = vm.to_string(&arg(a, 0))?;
    let from = match arg(a, 1) {
        Value::Undefined => usize::MAX,
        v => {
            let x = vm.to_number(&v)?;
            if x.is_nan() {
                usize::MAX
            } else {
                x.max(0.0) as usize
            }
        }
    };
    Ok(Value::Num(
        rfind_units_bounded(vm, s.units(), n.units(), from)?
            .map(|x| x as f64)
            .unwrap_or(-1.0),
    ))
}
pub(crate) fn str_includes(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let n = vm.to_string(&arg(a, 0))?;
    let from = to_int(vm, &arg(a, 1))?.max(0.0) as usize;
    Ok(Value::Bool(
        find_units_bounded(vm, s.units(), n.units(), from)?.is_some(),
    ))
}
pub(crate) fn str_starts_with(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let n = vm.to_string(&arg(a, 0))?;
    let from = (to_int(vm, &arg(a, 1))?.max(0.0) as usize).min(s.len());
    vm.charge(n.len() / crate::limits::COPY_UNITS_PER_CHARGE)?;
    Ok(Value::Bool(s.units()[from..].starts_with(n.units())))
}
pub(crate) fn str_ends_with(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let n = vm.to_string(&arg(a, 0))?;
    let end = match arg(a, 1) {
        Value::Undefined => s.len(),
        v => (to_int(vm, &v)?.max(0.0) as usize).min(s.len()),
    };
    vm.charge(n.len() / crate::limits::COPY_UNITS_PER_CHARGE)?;
    Ok(Value::Bool(s.units()[..end].ends_with(n.units())))
}
pub(crate) fn str_slice(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let len = s.len();
    let b = rel_index(vm, &arg(a, 0), len, 0)?;
    let e = rel_index(vm, &arg(a, 1), len, len)?;
    vm.str_from(if b < e { &s.units()[b..e] } else { &[] })
}
pub(crate) fn str_substring(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let len = s.len() as f64;
    let b = to_int(vm, &arg(a, 0))?.clamp(0.0, len) as usize;
    let e = match arg(a, 1) {
        Value::Undefined => len as usize,
        v => to_int(vm, &v)?.clamp(0.0, len) as usize,
    };
    let (b, e) = if b > e { (e, b) } else { (b, e) };
    vm.str_from(&s.units()[b..e])
}
pub(crate) fn str_substr(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let len = s.len();
    let b = rel_index(vm, &arg(a, 0), len, 0)?;
    let n = match arg(a, 1) {
        Value::Undefined => len,
        v => to_int(vm, &v)?.max(0.0) as usize,
    };
    let e = (b + n.min(len)).min(len);
    vm.str_from(&s.units()[b..e])
}
pub(crate) fn str_upper(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    change_case(vm, this, Case::Upper)
}
pub(crate) fn str_lower(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    change_case(vm, this, Case::Lower)
}
#[derive(Clone, Copy)]
enum Case {
    Upper,
    Lower,
}
/// `toUpperCase`/`toLowerCase`: ASCII text unit by unit, the rest through Rust's full
/// Unicode mapping (which may change the length, as `"ß".toUpperCase()` does).
fn change_case(vm: &mut Vm, this: &Value, case: Case) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    vm.reserve_string(s.len())?;
    if s.units().iter().all(|&u| u < 128) {
        vm.count_new_string(s.len())?;
        return Ok(Value::Str(JsStr::from_exact_iter(s.units().iter().map(
            |&c| match case {
                Case::Upper => (c as u8).to_ascii_uppercase() as u16,
                Case::Lower => (c as u8).to_ascii_lowercase() as u16,
            },
        ))));
    }
    let text = s.to_rust();
    let r = match case {
        Case::Upper => text.to_uppercase(),
        Case::Lower => text.to_lowercase(),
    };
    vm.new_string(r.encode_utf16().collect())
}
pub(crate) fn is_ws(u: u16) -> bool {
    char::from_u32(u as u32).is_some_and(|c| number::trim_js(&c.to_string()).is_empty())
}
pub(crate) fn str_trim(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let u = s.units();
    let b = u.iter().position(|&c| !is_ws(c)).unwrap_or(u.len());
    let e = u
        .iter()
        .rposition(|&c| !is_ws(c))
        .map(|x| x + 1)
        .unwrap_or(b);
    vm.str_from(&u[b..e.max(b)])
}
pub(crate) fn str_trim_start(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let u = s.units();
    let b = u.iter().position(|&c| !is_ws(c)).unwrap_or(u.len());
    vm.str_from(&u[b..])
}
pub(crate) fn str_trim_end(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let u = s.units();
    let e = u
        .iter()
        .rposition(|&c| !is_ws(c))
        .map(|x| x + 1)
        .unwrap_or(0);
    vm.str_from(&u[..e])
}
pub(crate) fn pad(vm: &mut Vm, this: &Value, a: &[Value], start: bool) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let target = to_int(vm, &arg(a, 0))?;
    let filler = match arg(a, 1) {
        Value::Undefined => JsStr::from_str(" "),
        v => vm.to_string(&v)?,
    };
    if target <= s.len() as f64 || filler.is_empty() {
        return Ok(Value::Str(s));
    }
    if target > vm.limits.max_string_len as f64 {
        return Err(vm.range_error("Invalid string length"));
    }
    let need = target as usize - s.len();
    vm.reserve_string(target as usize)?;
    let fill: Vec<u16> = filler.units().iter().copied().cycle().take(need).collect();
    let mut out = Vec::with_capacity(target as usize);
    if start {
        out.extend(fill);
        out.extend_from_slice(s.units());
    } else {
        out.extend_from_slice(s.units());
        out.extend(fill);
    }
    vm.new_string(out)
}
pub(crate) fn str_pad_start(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    pad(vm, this, a, true)
}
pub(crate) fn str_pad_end(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    pad(vm, this, a, false)
}
pub(crate) fn str_repeat(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let n = vm.to_number(&arg(a, 0))?;
    let n = if n.is_nan() { 0.0 } else { n.trunc() };
    if n < 0.0 || n.is_infinite() {
        return Err(vm.range_error(&format!("Invalid count value: {}", number::to_string(n))));
    }
    if s.len() as f64 * n > vm.limits.max_string_len as f64 {
        return Err(vm.range_error("Invalid string length"));
    }
    vm.reserve_string(s.len() * n as usize)?;
    vm.new_string(s.units().repeat(n as usize))
}
pub(crate) fn str_split(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let mut literal = None;
    if let Some((_, rx)) = super::regexp::regexp_of(vm, &arg(a, 0)) {
        // A pattern of literal characters only (`/\//`) splits as its text does: the
        // leftmost match from a position is the text's next occurrence, never empty.
        match rx.literal() {
            Some(_) if rx.group_count() == 0 && !s.is_empty() => literal = Some(rx),
            _ => return super::regexp::split(vm, &rx, &s, arg(a, 1)),
        }
    }
    let limit = match arg(a, 1) {
        Value::Undefined => u32::MAX as usize,
        v => number::to_uint32(vm.to_number(&v)?) as usize,
    };
    match arg(a, 0) {
        Value::Undefined => {
            let out = if limit == 0 {
                Vec::new()
            } else {
                vec![Value::Str(s.clone())]
            };
            Ok(Value::Obj(vm.new_array(out)))
        }
        sep => {
            let text;
            let sep: &[u16] = match &literal {
                Some(rx) => rx.literal().unwrap_or_default(),
                None => {
                    text = vm.to_string(&sep)?;
                    text.units()
                }
            };
            split_units(vm, &s, sep, limit)
        }
    }
}

/// `s.split(sep)` for a separator's units, at most `limit` pieces.
pub(crate) fn split_units(vm: &mut Vm, s: &JsStr, sep: &[u16], limit: usize) -> JsResult<Value> {
    let mut out = Vec::new();
    let u = s.units();
    vm.charge(u.len())?;
    if sep.is_empty() {
        let n = u.len().min(limit);
        vm.reserve_array(n)?;
        vm.reserve_strings(n, n)?;
        out.reserve_exact(n);
        for (i, &c) in u.iter().take(limit).enumerate() {
            vm.tick(i)?;
            out.push(unit_str(vm, c));
        }
    } else {
        let mut start = 0;
        while let Some(i) = find_units_bounded(vm, u, sep, start)? {
            if out.len() >= limit {
                break;
            }
            if out.len() % crate::limits::DEADLINE_STRIDE == 0 {
                // The list so far, and its doubling (each piece is counted as
                // it is made).
                vm.check_len(out.len())?;
                vm.ensure_memory(2 * out.capacity() * crate::limits::ELEMENT_COST)?;
            }
            out.push(vm.str_from(&u[start..i])?);
            start = i + sep.len();
        }
        if out.len() < limit {
            out.push(vm.str_from(&u[start..])?);
        }
        vm.reserve_array(out.len())?;
    }
    out.truncate(limit);
    Ok(Value::Obj(vm.new_array(out)))
}
pub(crate) fn str_concat(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let mut out = s.units().to_vec();
    for x in a {
        let t = vm.to_string(x)?;
        vm.reserve_string(out.len() + t.len())?;
        out.extend_from_slice(t.units());
        if out.len() > vm.limits.max_string_len {
            return Err(vm.range_error("Invalid string length"));
        }
    }
    vm.new_string(out)
}
/// A deterministic ordering: compares case-insensitively (ASCII folding of the lowercased
/// text), then lowercase before uppercase, then by code units. Matches ICU for ASCII words.
pub(crate) fn str_locale_compare(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    let s = this_str(vm, this)?;
    let t = vm.to_string(&arg(a, 0))?;
    vm.charge(s.len().saturating_add(t.len()))?;
    // Keys computed as the comparison walks (no copies of long strings): the primary key
    // is the class (punctuation, digits, letters, as ICU orders them) and the lowercased
    // character, the secondary key whether it was uppercase.
    fn keys(units: &[u16]) -> impl Iterator<Item = (u32, u8)> + '_ {
        char::decode_utf16(units.iter().copied()).map(|c| match c {
            Ok(c) => {
                let l = c.to_lowercase().next().unwrap_or(c);
                let class = if l.is_alphabetic() {
                    2
                } else if l.is_numeric() {
                    1
                } else {
                    0
                };
                ((class << 24) | l as u32, u8::from(c.is_uppercase()))
            }
            Err(e) => (e.unpaired_surrogate() as u32, 0),
        })
    }
    // Lexicographic order of two key sequences, checking the deadline as it walks.
    fn cmp_bounded<T: Ord>(
        vm: &Vm,
        mut a: impl Iterator<Item = T>,
        mut b: impl Iterator<Item = T>,
    ) -> JsResult<std::cmp::Ordering> {
        let mut i = 0usize;
        loop {
            vm.tick(i)?;
            i += 1;
            match (a.next(), b.next()) {
                (None, None) => return Ok(std::cmp::Ordering::Equal),
                (None, Some(_)) => return Ok(std::cmp::Ordering::Less),
                (Some(_), None) => return Ok(std::cmp::Ordering::Greater),
                (Some(x), Some(y)) => match x.cmp(&y) {
                    std::cmp::Ordering::Equal => {}
                    o => return Ok(o),
                },
            }
        }
    }
    let (su, tu) = (s.units(), t.units());
    let mut ord = cmp_bounded(vm, keys(su).map(|x| x.0), keys(tu).map(|x| x.0))?;
    if ord.is_eq() {
        ord = cmp_bounded(vm, keys(su).map(|x| x.1), keys(tu).map(|x| x.1))?;
    }
    Ok(Value::Num(match ord {
        std::cmp::Ordering::Less => -1.0,
        std::cmp::Ordering::Equal => 0.0,
        std::cmp::Ordering::Greater => 1.0,
    }))
}
pub(crate) fn str_normalize(vm: &mut Vm, this: &Value, a: &[Value]) -> JsResult<Value> {
    use unicode_normalization::UnicodeNormalization;
    let s = this_str(vm, this)?;
    let form = match a.first().filter(|f| !matches!(f, Value::Undefined)) {
        Some(f) => vm.to_rust_string(f)?,
        None => "NFC".to_string(),
    };
    if !matches!(form.as_str(), "NFC" | "NFD" | "NFKC" | "NFKD") {
        return Err(vm.range_error("The normalization form should be one of NFC, NFD, NFKC, NFKD."));
    }
    vm.charge(s.len())?;
    // ASCII is its own normal form in every form; below U+0300 nothing composes (NFC),
    // though Latin-1 letters decompose and some have compatibility forms (NBSP, µ, ²).
    let unchanged = if form == "NFC" { 0x300 } else { 0x80 };
    if s.units().iter().all(|&u| u < unchanged) {
        return Ok(Value::Str(s));
    }
    let mut out: Vec<u16> = Vec::with_capacity(s.len());
    // A lone surrogate is a starter that nothing combines with: the well-formed runs between
    // them normalize on their own.
    let mut run = String::new();
    let mut units = char::decode_utf16(s.units().iter().copied()).peekable();
    while units.peek().is_some() {
        run.clear();
        let mut lone = None;
        for c in units.by_ref() {
            match c {
                Ok(c) => run.push(c),
                Err(e) => {
                    lone = Some(e.unpaired_surrogate());
                    break;
                }
            }
        }
        let mut buf = [0u16; 2];
        let mut push = |vm: &mut Vm, out: &mut Vec<u16>, c: char| -> JsResult<()> {
            out.extend_from_slice(c.encode_utf16(&mut buf));
            // A compatibility decomposition can grow the text 18-fold: check as it grows.
            if out.len() % 4096 < 2 {
                if out.len() > vm.limits.max_string_len {
                    return Err(vm.range_error("Invalid string length"));
                }
                vm.ensure_memory(out.len() * 2)?;
                vm.charge(4096)?;
                vm.check_deadline()?;
            }
            Ok(())
        };
        match form.as_str() {
            "NFC" => run.nfc().try_for_each(|c| push(vm, &mut out, c))?,
            "NFD" => run.nfd().try_for_each(|c| push(vm, &mut out, c))?,
            "NFKC" => run.nfkc().try_for_each(|c| push(vm, &mut out, c))?,
            _ => run.nfkd().try_for_each(|c| push(vm, &mut out, c))?,
        }
        if let Some(u) = lone {
            out.push(u);
        }
    }
    vm.reserve_string(out.len())?;
    vm.new_string(out)
}
pub(crate) fn str_value_of(vm: &mut Vm, this: &Value, _a: &[Value]) -> JsResult<Value> {
    match this {
        Value::Str(s) => Ok(Value::Str(s.clone())),
        Value::Obj(r) if *r == vm.realm.string_proto => Ok(Value::str("")),
        v => match vm.wrapped(v) {
            Some(s @ Value::Str(_)) => Ok(s),
            _ => Err(vm.type_error("String.prototype.valueOf requires that 'this' be a String")),
        },
    }
}
