//! console.log formatting (node's util.inspect for plain data), error text, JSON helpers.

use crate::heap::Kind;
use crate::number;
use crate::value::{JsStr, ObjRef, Value};
use crate::vm::{JsResult, Vm};
use codemode_data::ExportError;

/// The most characters one console.log line or one error text formats from values: past it
/// the entries left are written as "..." (node would build the whole text, which for shared
/// references can be far larger than the heap).
pub const INSPECT_MAX: usize = 1 << 20;

/// "Name: message" of a thrown value.
pub fn error_text(vm: &mut Vm, v: &Value) -> String {
    vm.inspect_budget = INSPECT_MAX;
    if let Value::Obj(r) = v {
        if matches!(vm.heap.get(*r).kind, Kind::Error) || is_errorlike(vm, *r) {
            let name = vm.get_prop(v, &JsStr::from_str("name")).ok();
            let msg = vm.get_prop(v, &JsStr::from_str("message")).ok();
            let name = match name {
                Some(Value::Str(s)) => s.to_rust(),
                _ => "Error".into(),
            };
            let msg = match msg {
                Some(Value::Str(s)) => s.to_rust(),
                _ => String::new(),
            };
            return if msg.is_empty() {
                name
            } else {
                format!("{name}: {msg}")
            };
        }
    }
    format!("Uncaught {}", inspect(vm, v, 0, &mut Vec::new(), 0))
}

fn is_errorlike(vm: &Vm, r: ObjRef) -> bool {
    let mut cur = vm.heap.get(r).proto;
    while let Some(p) = cur {
        if p == vm.realm.error_proto {
            return true;
        }
        cur = vm.heap.get(p).proto;
    }
    false
}

/// One console.log line. Fails only as node's does: a `%j` value too large when expanded is
/// the RangeError of a too-long string (or the end of the execution past its deadline).
pub fn format_log(vm: &mut Vm, args: &[Value]) -> JsResult<String> {
    vm.inspect_budget = INSPECT_MAX;
    let mut parts = Vec::new();
    let mut start = 0;
    if let Some(Value::Str(f)) = args.first() {
        let f = f.to_rust();
        if f.contains('%') && args.len() > 1 {
            let mut out = String::new();
            let mut idx = 1;
            let mut chars = f.chars().peekable();
            while let Some(c) = chars.next() {
                if c == '%' {
                    match chars.peek().copied() {
                        Some(k @ ('s' | 'd' | 'i' | 'f' | 'j' | 'o' | 'O')) if idx < args.len() => {
                            chars.next();
                            let a = args[idx].clone();
                            idx += 1;
                            match k {
                                's' => match &a {
                                    Value::Str(s) => out.push_str(&s.to_rust()),
                                    v => out.push_str(&inspect(vm, v, 0, &mut Vec::new(), 1)),
                                },
                                'd' | 'i' => {
                                    let n = vm.to_number(&a).unwrap_or(f64::NAN);
                                    let n = if k == 'i' { n.trunc() } else { n };
                                    out.push_str(&number::to_string(n));
                                }
                                'f' => {
                                    let n = vm.to_number(&a).unwrap_or(f64::NAN);
                                    out.push_str(&number::to_string(n));
                                }
                                'j' => match crate::interop::export_value(vm, &a) {
                                    Ok(j) => out.push_str(&j.to_string()),
                                    Err(ExportError::DeadlinePassed) => {
                                        return Err(crate::interop::deadline_passed(vm))
                                    }
                                    Err(ExportError::Data(e)) if e.reason.contains("too large") => {
                                        return Err(vm.range_error(&format!(
                                            "Invalid string length: {}",
                                            e.reason
                                        )))
                                    }
                                    Err(_) => out.push_str("[Circular]"),
                                },
                                _ => out.push_str(&inspect(vm, &a, 0, &mut Vec::new(), 0)),
                            }
                            continue;
                        }
                        Some('%') => {
                            chars.next();
                            out.push('%');
                            continue;
                        }
                        _ => {}
                    }
                }
                out.push(c);
            }
            parts.push(out);
            start = idx;
        }
    }
    for a in &args[start..] {
        match a {
            Value::Str(s) => parts.push(s.to_rust()),
            v => parts.push(inspect(vm, v, 0, &mut Vec::new(), 0)),
        }
    }
    Ok(parts.join(" "))
}

fn is_ident(s: &str) -> bool {
    let mut c = s.chars();
    match c.next() {
        Some(x) if x == '_' || x.is_ascii_alphabetic() => {}
        _ => return false,
    }
    // node's keyStrRegExp: /^[a-zA-Z_][a-zA-Z_0-9]*$/
    c.all(|x| x == '_' || x.is_ascii_alphanumeric())
}

pub fn quote_js(s: &str) -> String {
    let q = if !s.contains('\'') {
        '\''
    } else if !s.contains('"') {
        '"'
    } else if !s.contains('`') {
        '`'
    } else {
        '\''
    };
    let mut out = String::new();
    out.push(q);
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            '\\' => out.push_str("\\\\"),
            c if c == q => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02X}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push(q);
    out
}

/// node's util.inspect for plain data (depth 2, breakLength 80, compact 3).
pub fn inspect(
    vm: &mut Vm,
    v: &Value,
    depth: usize,
    seen: &mut Vec<ObjRef>,
    indent: usize,
) -> String {
    match v {
        Value::Undefined | Value::Empty => "undefined".into(),
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Num(n) => {
            if *n == 0.0 && n.is_sign_negative() {
                "-0".into()
            } else {
                number::to_string(*n)
            }
        }
        Value::Str(s) => quote_js(&s.to_rust()),
        Value::Sym(s) => s.to_rust(),
        Value::BigInt(r) => format!("{}n", vm.big(*r)),
        Value::Obj(r) => inspect_obj(vm, *r, depth, seen, indent),
    }
}

fn inspect_obj(
    vm: &mut Vm,
    r: ObjRef,
    depth: usize,
    seen: &mut Vec<ObjRef>,
    indent: usize,
) -> String {
    if seen.contains(&r) {
        return "[Circular *1]".into();
    }
    let o = vm.heap.get(r);
    let callable = o.is_callable();
    if callable {
        let name = vm
            .get_prop(&Value::Obj(r), &JsStr::from_str("name"))
            .ok()
            .map(|v| match v {
                Value::Str(s) => s.to_rust(),
                _ => String::new(),
            })
            .unwrap_or_default();
        let (is_async, is_generator) = match &vm.heap.get(r).kind {
            Kind::Closure(c) => (vm.code(c.func).is_async, vm.code(c.func).is_generator),
            _ => (false, false),
        };
        let kind = match (is_async, is_generator) {
            (true, true) => "AsyncGeneratorFunction",
            (false, true) => "GeneratorFunction",
            (true, false) => "AsyncFunction",
            _ => "Function",
        };
        return if name.is_empty() {
            format!("[{kind} (anonymous)]")
        } else {
            format!("[{kind}: {name}]")
        };
    }
    if let Kind::ArrayIter(it) = &o.kind {
        if o.props.iter().next().is_none() {
            let what = if it.what == crate::builtins::ITER_STRING {
                "String"
            } else {
                "Array"
            };
            return format!("Object [{what} Iterator] {{}}");
        }
    }
    if let Kind::Primitive(p) = &o.kind {
        let (kind, p) = match p {
            Value::Sym(s) => return format!("[Symbol: {}]", s.to_rust()),
            Value::Str(_) => ("String", p.clone()),
            Value::Bool(_) => ("Boolean", p.clone()),
            Value::BigInt(_) => ("BigInt", p.clone()),
            _ => ("Number", p.clone()),
        };
        let s = inspect(vm, &p, depth + 1, seen, indent);
        return format!("[{kind}: {s}]");
    }
    if let Kind::Date(t) = o.kind {
        // node prints a Date as its ISO text (no quotes), an invalid one as "Invalid Date".
        return crate::builtins::date_export_text(t).unwrap_or_else(|| "Invalid Date".into());
    }
    if let Kind::RegExp(rx) = &o.kind {
        // node prints a RegExp as its literal.
        return format!("/{}/{}", rx.source.to_rust(), rx.flags.to_rust());
    }
    if let Kind::Generator(g) = &o.kind {
        if o.props.entries.is_empty() {
            return if g.queue.is_some() {
                "Object [AsyncGenerator] {}".into()
            } else if g.underlying.is_some() {
                "Object [Iterator Helper] {}".into()
            } else {
                "Object [Generator] {}".into()
            };
        }
    }
    let is_array = matches!(o.kind, Kind::Array(_));
    let is_error = matches!(o.kind, Kind::Error);
    if is_error {
        let t = error_text(vm, &Value::Obj(r));
        return format!("{t}\n    at <anonymous>");
    }
    if let Kind::Promise(p) = &o.kind {
        let state = p.state.clone();
        return match state {
            crate::heap::PromiseState::Pending => "Promise { <pending> }".into(),
            crate::heap::PromiseState::Fulfilled(v) => {
                seen.push(r);
                let s = inspect(vm, &v, depth + 1, seen, indent + 2);
                seen.pop();
                format!("Promise {{ {s} }}")
            }
            crate::heap::PromiseState::Rejected(v) => {
                seen.push(r);
                let s = inspect(vm, &v, depth + 1, seen, indent + 2);
                seen.pop();
                format!("Promise {{ <rejected> {s} }}")
            }
        };
    }
    let ctor_name = constructor_name(vm, r);
    if depth > 2 {
        return match (is_array, ctor_name) {
            (_, Some(n)) => format!("[{n}]"),
            (true, None) => "[Array]".into(),
            (false, None) => "[Object]".into(),
        };
    }
    seen.push(r);
    let mut output: Vec<String> = Vec::new();
    let mut numeric = true;
    if let Kind::Array(items) = &vm.heap.get(r).kind {
        // Read one entry at a time (at most 100 are shown): no copy of a long array.
        let n = items.len();
        let element = |vm: &Vm, i: usize| match &vm.heap.get(r).kind {
            Kind::Array(items) => items.get(i).cloned().unwrap_or_default(),
            _ => Value::Undefined,
        };
        let mut i = 0;
        while i < n {
            if vm.inspect_budget == 0 {
                output.push("...".into());
                break;
            }
            // At most 100 entries, a run of holes counting as one (node's formatArray).
            if output.len() >= 100 {
                output.push(format!(
                    "... {} more item{}",
                    n - i,
                    if n - i > 1 { "s" } else { "" }
                ));
                break;
            }
            let it = &element(vm, i);
            if it.is_empty() {
                let run = match &vm.heap.get(r).kind {
                    Kind::Array(items) => items[i.min(items.len())..]
                        .iter()
                        .take_while(|v| v.is_empty())
                        .count()
                        .max(1),
                    _ => 1,
                };
                output.push(format!(
                    "<{run} empty item{}>",
                    if run > 1 { "s" } else { "" }
                ));
                numeric = false;
                i += run;
                continue;
            }
            if !matches!(it, Value::Num(_)) {
                numeric = false;
            }
            let s = inspect(vm, it, depth + 1, seen, indent + 2);
            vm.inspect_budget = vm.inspect_budget.saturating_sub(s.len() + 2);
            output.push(s);
            i += 1;
        }
    }
    // A Map's entries print as `k => v`, a Set's as values; weak ones cannot be listed.
    let collection = match &vm.heap.get(r).kind {
        Kind::Collection(c) => Some((
            c.kind,
            c.entries.iter().flatten().cloned().collect::<Vec<_>>(),
        )),
        _ => None,
    };
    let collection_len = collection.as_ref().map(|c| c.1.len());
    if let Some((kind, entries)) = collection {
        use crate::builtins::CollectionKind;
        if matches!(kind, CollectionKind::WeakMap | CollectionKind::WeakSet) {
            output.push("<items unknown>".into());
        }
        for (i, (k, v)) in entries.iter().enumerate() {
            if vm.inspect_budget == 0 || i >= 100 {
                output.push("...".into());
                break;
            }
            let mut s = inspect(vm, k, depth + 1, seen, indent + 2);
            if kind == CollectionKind::Map {
                let vs = inspect(vm, v, depth + 1, seen, indent + 2);
                s = format!("{s} => {vs}");
            }
            vm.inspect_budget = vm.inspect_budget.saturating_sub(s.len() + 2);
            output.push(s);
        }
    }
    let keys: Vec<JsStr> = {
        let o = vm.heap.get(r);
        let mut ks = Vec::new();
        for p in o.props.iter() {
            if p.flags & crate::heap::ENUMERABLE != 0 {
                ks.push(p.key.clone());
            }
        }
        if !is_array {
            vm.own_keys_and_symbols(r, true)
        } else {
            ks
        }
    };
    for k in keys {
        if vm.inspect_budget == 0 {
            output.push("...".into());
            break;
        }
        let entry = vm.heap.get(r).props.entry(&k).cloned();
        let ks = k.to_rust();
        let key = if k.is_symbol() {
            format!("[{ks}]")
        } else if is_ident(&ks) {
            ks
        } else {
            quote_js(&ks)
        };
        let s = match entry {
            // node shows accessors without running them.
            Some(p) if p.flags & crate::heap::ACCESSOR != 0 => {
                let (get, set) = vm.accessor_pair(&p.value);
                match (get.is_undefined(), set.is_undefined()) {
                    (false, false) => "[Getter/Setter]".to_string(),
                    (false, true) => "[Getter]".to_string(),
                    (true, false) => "[Setter]".to_string(),
                    (true, true) => "undefined".to_string(),
                }
            }
            p => {
                let val = p.map(|p| p.value).unwrap_or_default();
                inspect(vm, &val, depth + 1, seen, indent + 2)
            }
        };
        vm.inspect_budget = vm.inspect_budget.saturating_sub(key.len() + s.len() + 4);
        output.push(format!("{key}: {s}"));
    }
    seen.pop();
    let proto_null = vm.heap.get(r).proto.is_none();
    let (open, close) = if is_array { ("[", "]") } else { ("{", "}") };
    let array_len = match &vm.heap.get(r).kind {
        Kind::Array(items) => items.len(),
        _ => 0,
    };
    let prefix = match ctor_name {
        Some(n) if is_array => format!("{n}({array_len}) "),
        Some(n) => match (collection_len, &vm.heap.get(r).kind) {
            (Some(len), Kind::Collection(c))
                if !matches!(
                    c.kind,
                    crate::builtins::CollectionKind::WeakMap
                        | crate::builtins::CollectionKind::WeakSet
                ) =>
            {
                format!("{n}({len}) ")
            }
            _ => format!("{n} "),
        },
        None if proto_null && !is_array => "[Object: null prototype] ".into(),
        None => String::new(),
    };
    let prefix = prefix.as_str();
    if output.is_empty() {
        return format!("{prefix}{open}{close}");
    }
    let entries = output.len();
    if is_array && entries > 6 {
        output = group_array(output, indent, numeric);
    }
    if entries == output.len() {
        let start = output.len() + indent + open.len() + prefix.len() + 10;
        let total: usize = output.iter().map(|s| s.chars().count()).sum::<usize>() + output.len();
        if total + start <= 80 && !output.iter().any(|s| s.contains('\n')) {
            return format!("{prefix}{open} {} {close}", output.join(", "));
        }
    }
    let ind = " ".repeat(indent);
    format!(
        "{prefix}{open}\n{ind}  {}\n{ind}{close}",
        output.join(&format!(",\n{ind}  "))
    )
}

/// The name node's inspect prefixes an object with: the first named `constructor` own
/// property up its prototype chain, unless that is the plain `Object` or `Array` (then
/// `None`). The chain is program-built: a loop, and a chain past 1,000 objects gets no name.
fn constructor_name(vm: &mut Vm, r: ObjRef) -> Option<String> {
    let key = JsStr::from_str("constructor");
    let mut cur = Some(r);
    for _ in 0..1000 {
        let o = cur?;
        if let Some(Value::Obj(c)) = vm.heap.get(o).props.get(&key).cloned() {
            if vm.heap.get(c).is_callable() {
                if let Ok(Value::Str(n)) = vm.get_prop(&Value::Obj(c), &JsStr::from_str("name")) {
                    if !n.is_empty() {
                        let n = n.to_rust();
                        return (n != "Object" && n != "Array").then_some(n);
                    }
                }
            }
        }
        cur = vm.heap.get(o).proto;
    }
    None
}

fn group_array(output: Vec<String>, indent: usize, numeric: bool) -> Vec<String> {
    let mut total = 0usize;
    let mut max_len = 0usize;
    let out_len = if output.last().is_some_and(|s| s.starts_with("... ")) {
        output.len() - 1
    } else {
        output.len()
    };
    let sep = 2;
    let lens: Vec<usize> = output.iter().map(|s| s.chars().count()).collect();
    for &l in lens.iter().take(out_len) {
        total += l + sep;
        max_len = max_len.max(l);
    }
    let actual_max = max_len + sep;
    if actual_max * 3 + indent < 80 && (total as f64 / actual_max as f64 > 5.0 || max_len <= 6) {
        let bias = (actual_max as f64 - total as f64 / output.len() as f64).sqrt();
        let biased_max = (actual_max as f64 - 3.0 - bias).max(1.0);
        let columns = ((2.5 * biased_max * out_len as f64).sqrt() / biased_max)
            .round()
            .min(((80 - indent) / actual_max) as f64)
            .min(12.0)
            .min(15.0) as usize;
        if columns <= 1 {
            return output;
        }
        let mut max_line = Vec::new();
        for i in 0..columns {
            let mut w = 0;
            let mut j = i;
            while j < out_len {
                w = w.max(lens[j]);
                j += columns;
            }
            max_line.push(w + sep);
        }
        let mut tmp = Vec::new();
        let mut i = 0;
        while i < out_len {
            let max = (i + columns).min(out_len);
            let mut s = String::new();
            let mut j = i;
            while j < max - 1 {
                let cell = format!("{}, ", output[j]);
                let pad = max_line[j - i].saturating_sub(lens[j] + 2);
                if numeric {
                    s.push_str(&" ".repeat(pad));
                    s.push_str(&cell);
                } else {
                    s.push_str(&cell);
                    s.push_str(&" ".repeat(pad));
                }
                j += 1;
            }
            if numeric {
                let pad = max_line[j - i].saturating_sub(sep + lens[j]);
                s.push_str(&" ".repeat(pad));
                s.push_str(&output[j]);
            } else {
                s.push_str(&output[j]);
            }
            tmp.push(s);
            i += columns;
        }
        if out_len < output.len() {
            tmp.push(output[out_len].clone());
        }
        return tmp;
    }
    output
}

/// The length in code units of `json_quote(units)`, without building it.
pub fn json_quoted_len(units: &[u16]) -> usize {
    let mut n = 2;
    let mut i = 0;
    while i < units.len() {
        n += match units[i] {
            0x22 | 0x5c | 0x08 | 0x0c | 0x0a | 0x0d | 0x09 => 2,
            u if u < 0x20 => 6,
            0xD800..=0xDBFF
                if units
                    .get(i + 1)
                    .is_some_and(|d| (0xDC00..0xE000).contains(d)) =>
            {
                i += 1;
                2
            }
            0xD800..=0xDFFF => 6,
            _ => 1,
        };
        i += 1;
    }
    n
}

/// JSON string quoting as JSON.stringify does (lone surrogates escaped).
pub fn json_quote(units: &[u16]) -> Vec<u16> {
    let mut out = Vec::with_capacity(units.len() + 2);
    out.push(b'"' as u16);
    let mut i = 0;
    while i < units.len() {
        let u = units[i];
        match u {
            0x22 => out.extend("\\\"".encode_utf16()),
            0x5c => out.extend("\\\\".encode_utf16()),
            0x08 => out.extend("\\b".encode_utf16()),
            0x0c => out.extend("\\f".encode_utf16()),
            0x0a => out.extend("\\n".encode_utf16()),
            0x0d => out.extend("\\r".encode_utf16()),
            0x09 => out.extend("\\t".encode_utf16()),
            u if u < 0x20 => out.extend(format!("\\u{:04x}", u).encode_utf16()),
            0xD800..=0xDBFF => {
                if units
                    .get(i + 1)
                    .is_some_and(|d| (0xDC00..0xE000).contains(d))
                {
                    out.push(u);
                    out.push(units[i + 1]);
                    i += 1;
                } else {
                    out.extend(format!("\\u{:04x}", u).encode_utf16());
                }
            }
            0xDC00..=0xDFFF => out.extend(format!("\\u{:04x}", u).encode_utf16()),
            u => out.push(u),
        }
        i += 1;
    }
    out.push(b'"' as u16);
    out
}

// ---------------- JSON.parse ----------------

struct Parser<'a> {
    s: &'a [u16],
    i: usize,
    depth: usize,
    /// Values parsed so far (for the periodic memory and deadline check).
    values: usize,
    /// Elements collected by the arrays still open (not yet counted by the heap).
    open_items: usize,
}

pub fn json_parse_native(vm: &mut Vm, _: &Value, a: &[Value]) -> JsResult<Value> {
    let text = vm.to_string(&a.first().cloned().unwrap_or_default())?;
    vm.charge(text.len())?;
    let mut p = Parser {
        s: text.units(),
        i: 0,
        depth: 0,
        values: 0,
        open_items: 0,
    };
    p.ws();
    let v = p.value(vm)?;
    p.ws();
    if p.i < p.s.len() {
        return Err(p.err(vm));
    }
    Ok(v)
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], 0x20 | 0x09 | 0x0a | 0x0d) {
            self.i += 1;
        }
    }
    fn err(&self, vm: &mut Vm) -> crate::vm::Throw {
        let src = String::from_utf16_lossy(self.s);
        if self.i >= self.s.len() {
            return vm.syntax_error("Unexpected end of JSON input");
        }
        let tok = String::from_utf16_lossy(&self.s[self.i..self.i + 1]);
        let shown: String = if src.chars().count() > 30 {
            format!("{}...", src.chars().take(30).collect::<String>())
        } else {
            src.clone()
        };
        vm.syntax_error(&format!(
            "Unexpected token '{tok}', \"{shown}\" is not valid JSON"
        ))
    }
    fn value(&mut self, vm: &mut Vm) -> JsResult<Value> {
        self.values += 1;
        if self.values % 4096 == 0 {
            // What the open arrays collected, and their buffers' doubling.
            vm.ensure_memory(self.open_items * 2 * crate::limits::ELEMENT_COST)?;
            vm.check_len(self.open_items)?;
            vm.check_deadline()?;
        }
        let Some(&c) = self.s.get(self.i) else {
            return Err(self.err(vm));
        };
        match c {
            0x7b => {
                self.depth += 1;
                if self.depth > 512 {
                    return Err(vm.range_error("JSON nesting too deep"));
                }
                self.i += 1;
                let o = vm.new_object();
                self.ws();
                if self.s.get(self.i) == Some(&0x7d) {
                    self.i += 1;
                    self.depth -= 1;
                    return Ok(Value::Obj(o));
                }
                loop {
                    self.ws();
                    if self.s.get(self.i) != Some(&0x22) {
                        return Err(self.err(vm));
                    }
                    let k = self.string(vm)?;
                    self.ws();
                    if self.s.get(self.i) != Some(&0x3a) {
                        return Err(self.err(vm));
                    }
                    self.i += 1;
                    self.ws();
                    let v = self.value(vm)?;
                    let Value::Str(k) = k else { unreachable!() };
                    vm.heap
                        .get_mut(o)
                        .props
                        .insert(k, v, crate::heap::DEFAULT_FLAGS);
                    // The entry, and the doubling of the entries' buffer.
                    vm.heap.charge(2 * std::mem::size_of::<crate::heap::Prop>());
                    self.ws();
                    match self.s.get(self.i) {
                        Some(0x2c) => self.i += 1,
                        Some(0x7d) => {
                            self.i += 1;
                            break;
                        }
                        _ => return Err(self.err(vm)),
                    }
                }
                self.depth -= 1;
                Ok(Value::Obj(o))
            }
            0x5b => {
                self.depth += 1;
                if self.depth > 512 {
                    return Err(vm.range_error("JSON nesting too deep"));
                }
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.s.get(self.i) == Some(&0x5d) {
                    self.i += 1;
                } else {
                    loop {
                        self.ws();
                        let v = self.value(vm)?;
                        items.push(v);
                        self.open_items += 1;
                        self.ws();
                        match self.s.get(self.i) {
                            Some(0x2c) => self.i += 1,
                            Some(0x5d) => {
                                self.i += 1;
                                break;
                            }
                            _ => return Err(self.err(vm)),
                        }
                    }
                }
                self.depth -= 1;
                self.open_items -= items.len();
                vm.check_len(items.len())?;
                Ok(Value::Obj(vm.new_array(items)))
            }
            0x22 => self.string(vm),
            0x74 => self.lit(vm, "true", Value::Bool(true)),
            0x66 => self.lit(vm, "false", Value::Bool(false)),
            0x6e => self.lit(vm, "null", Value::Null),
            _ => self.number(vm),
        }
    }
    fn lit(&mut self, vm: &mut Vm, word: &str, v: Value) -> JsResult<Value> {
        let w: Vec<u16> = word.encode_utf16().collect();
        if self.s[self.i..].starts_with(&w) {
            self.i += w.len();
            Ok(v)
        } else {
            Err(self.err(vm))
        }
    }
    fn number(&mut self, vm: &mut Vm) -> JsResult<Value> {
        let start = self.i;
        let b = |p: &Self, i: usize| p.s.get(i).copied().unwrap_or(0);
        if b(self, self.i) == b'-' as u16 {
            self.i += 1;
        }
        let d0 = self.i;
        while (b'0' as u16..=b'9' as u16).contains(&b(self, self.i)) {
            self.i += 1;
        }
        if self.i == d0 || (self.s[d0] == b'0' as u16 && self.i - d0 > 1) {
            return Err(self.err(vm));
        }
        if b(self, self.i) == b'.' as u16 {
            self.i += 1;
            let f0 = self.i;
            while (b'0' as u16..=b'9' as u16).contains(&b(self, self.i)) {
                self.i += 1;
            }
            if self.i == f0 {
                return Err(self.err(vm));
            }
        }
        if matches!(b(self, self.i), 0x65 | 0x45) {
            self.i += 1;
            if matches!(b(self, self.i), 0x2b | 0x2d) {
                self.i += 1;
            }
            let e0 = self.i;
            while (b'0' as u16..=b'9' as u16).contains(&b(self, self.i)) {
                self.i += 1;
            }
            if self.i == e0 {
                return Err(self.err(vm));
            }
        }
        let text = String::from_utf16_lossy(&self.s[start..self.i]);
        Ok(Value::Num(text.parse().unwrap_or(f64::NAN)))
    }
    fn string(&mut self, vm: &mut Vm) -> JsResult<Value> {
        self.i += 1;
        let mut out: Vec<u16> = Vec::new();
        loop {
            let Some(&c) = self.s.get(self.i) else {
                return Err(vm.syntax_error("Unterminated string in JSON"));
            };
            self.i += 1;
            match c {
                0x22 => break,
                0x5c => {
                    let Some(&e) = self.s.get(self.i) else {
                        return Err(self.err(vm));
                    };
                    self.i += 1;
                    match e {
                        0x22 => out.push(0x22),
                        0x5c => out.push(0x5c),
                        0x2f => out.push(0x2f),
                        0x62 => out.push(8),
                        0x66 => out.push(12),
                        0x6e => out.push(10),
                        0x72 => out.push(13),
                        0x74 => out.push(9),
                        0x75 => {
                            let hex = self.s.get(self.i..self.i + 4).map(String::from_utf16_lossy);
                            match hex.and_then(|h| u16::from_str_radix(&h, 16).ok()) {
                                Some(u) => {
                                    out.push(u);
                                    self.i += 4;
                                }
                                None => return Err(self.err(vm)),
                            }
                        }
                        _ => {
                            self.i -= 1;
                            return Err(self.err(vm));
                        }
                    }
                }
                c if c < 0x20 => {
                    self.i -= 1;
                    return Err(vm.syntax_error("Bad control character in string literal in JSON"));
                }
                c => out.push(c),
            }
        }
        vm.new_string(out)
    }
}
