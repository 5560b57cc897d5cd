//! The string library, over codemode-lua-text's metered algorithms.

use codemode_lua_text::pattern::{self, Capture, CaptureValue, GsubCursor, Match};
use codemode_lua_text::{FormatArg, Unpacked};

use super::{lib_error_vm, meter, pattern_error, ret1, settle, Args, Native};
use crate::heap::Proxy;
use crate::value::{StrRef, Value};
use crate::vm::{CallOutcome, Cont, Exit, FrameKind, LResult, LuaError, Vm};

/// Lua's `posrelatI`: a start position (1-based; 0 and too-negative become 1).
fn posrelat_start(pos: i64, len: usize) -> usize {
    if pos > 0 {
        pos as usize
    } else if pos == 0 || pos.unsigned_abs() > len as u64 {
        1
    } else {
        (len as i64 + pos + 1) as usize
    }
}

/// Lua's `getendpos`.
fn end_pos(pos: i64, len: usize) -> usize {
    if pos > len as i64 {
        len
    } else if pos >= 0 {
        pos as usize
    } else if pos.unsigned_abs() > len as u64 {
        0
    } else {
        (len as i64 + pos + 1) as usize
    }
}

pub fn len(vm: &mut Vm, a: Args) -> LResult<Native> {
    let s = a.check_str(vm, 0)?;
    let n = vm.str(s).len() as i64;
    ret1(vm, Value::Int(n))
}

pub fn sub(vm: &mut Vm, a: Args) -> LResult<Native> {
    let s = a.check_str(vm, 0)?;
    let i = a.opt_int(vm, 1, 1)?;
    let j = a.opt_int(vm, 2, -1)?;
    let bytes = vm.str(s);
    let l = bytes.len();
    let start = posrelat_start(i, l);
    let end = end_pos(j, l);
    let v = if start <= end {
        if start == 1 && end == l {
            Value::Str(s)
        } else {
            let piece = bytes[start - 1..end].to_vec();
            vm.charge(piece.len() as u64 / 32)?;
            vm.new_str_vec(piece)?
        }
    } else {
        vm.new_str(b"")?
    };
    ret1(vm, v)
}

pub fn upper(vm: &mut Vm, a: Args) -> LResult<Native> {
    let s = a.check_str(vm, 0)?;
    let len = vm.str(s).len();
    vm.charge(len as u64 / 16)?;
    let v = vm.new_str_filled(len, |vm, out| {
        for (o, c) in out.iter_mut().zip(vm.str(s)) {
            *o = c.to_ascii_uppercase();
        }
    })?;
    ret1(vm, v)
}

pub fn lower(vm: &mut Vm, a: Args) -> LResult<Native> {
    let s = a.check_str(vm, 0)?;
    let len = vm.str(s).len();
    vm.charge(len as u64 / 16)?;
    let v = vm.new_str_filled(len, |vm, out| {
        for (o, c) in out.iter_mut().zip(vm.str(s)) {
            *o = c.to_ascii_lowercase();
        }
    })?;
    ret1(vm, v)
}

pub fn reverse(vm: &mut Vm, a: Args) -> LResult<Native> {
    let s = a.check_str(vm, 0)?;
    let mut out = vm.str(s).to_vec();
    out.reverse();
    vm.charge(out.len() as u64 / 16)?;
    let v = vm.new_str_vec(out)?;
    ret1(vm, v)
}

/// lstrlib's `MAXSIZE`: lua5.4 refuses to build a string longer than `INT_MAX` bytes with
/// a catchable "resulting string too large".
const LUA_MAXSIZE: u64 = i32::MAX as u64;

pub fn rep(vm: &mut Vm, a: Args) -> LResult<Native> {
    let s = a.check_str(vm, 0)?;
    let n = a.check_int(vm, 1)?;
    let sep = a.opt_str(vm, 2)?;
    if n <= 0 {
        let v = vm.new_str(b"")?;
        return ret1(vm, v);
    }
    let n = n as u64;
    let sl = vm.str(s).len() as u64;
    let pl = sep.map(|p| vm.str(p).len()).unwrap_or(0) as u64;
    // The test lua5.4 makes (`l + lsep > MAXSIZE / n`), before any size arithmetic that
    // could overflow.
    if sl + pl > LUA_MAXSIZE / n {
        return Err(LuaError::Msg("resulting string too large".into()));
    }
    let total = (sl * n + pl * (n - 1)) as usize;
    vm.check_len(total)?;
    if total == 0 {
        let v = vm.new_str(b"")?;
        return ret1(vm, v);
    }
    vm.charge(total as u64 / 16 + n / 64)?;
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(vm.str(s));
    if let Some(p) = sep {
        out.extend_from_slice(vm.heap.str_bytes(p));
    }
    // Doubling copies: O(total) bytes moved whatever the piece size.
    let unit = out.len();
    let mut have = 1u64;
    while have < n {
        let copy = (n - have).min(have) as usize * unit;
        out.extend_from_within(..copy);
        have += (copy / unit) as u64;
    }
    out.truncate(total);
    let v = vm.new_str_vec(out)?;
    ret1(vm, v)
}

pub fn byte(vm: &mut Vm, a: Args) -> LResult<Native> {
    let s = a.check_str(vm, 0)?;
    let l = vm.str(s).len();
    // The end defaults to the start as given, before it is made relative (as lstrlib).
    let i = a.opt_int(vm, 1, 1)?;
    let pi = posrelat_start(i, l);
    let j = a.opt_int(vm, 2, i)?;
    let pose = end_pos(j, l);
    if pi > pose {
        return Ok(Native::Ret);
    }
    let n = pose - pi + 1;
    super::check_results(n, "stack overflow (string slice too long)")?;
    vm.charge(n as u64 / 4)?;
    vm.reserve_results(n)?;
    for k in pi..=pose {
        let b = vm.str(s)[k - 1];
        vm.rets.push(Value::Int(b as i64));
    }
    Ok(Native::Ret)
}

pub fn char(vm: &mut Vm, a: Args) -> LResult<Native> {
    let mut out = Vec::with_capacity(a.n);
    for i in 0..a.n {
        let c = a.check_int(vm, i)?;
        if !(0..=255).contains(&c) {
            return Err(a.error_vm(vm, i, "value out of range"));
        }
        out.push(c as u8);
    }
    let v = vm.new_str_vec(out)?;
    ret1(vm, v)
}

fn push_capture(vm: &mut Vm, c: CaptureValue<'_>) -> LResult<Value> {
    match c {
        CaptureValue::Bytes(b) => {
            let b = b.to_vec();
            vm.new_str_vec(b)
        }
        CaptureValue::Position(p) => Ok(Value::Int(p)),
    }
}

fn push_values(vm: &mut Vm, m: &Match, subject: StrRef) -> LResult<()> {
    let subj = vm.str(subject).to_vec();
    for c in m.values(&subj) {
        let v = push_capture(vm, c)?;
        vm.rets.push(v);
    }
    Ok(())
}

fn find_aux(vm: &mut Vm, a: Args, find: bool) -> LResult<Native> {
    let s = a.check_str(vm, 0)?;
    let p = a.check_str(vm, 1)?;
    let l = vm.str(s).len();
    let init = posrelat_start(a.opt_int(vm, 2, 1)?, l);
    if init > l + 1 {
        return ret1(vm, Value::Nil);
    }
    let plain = find && a.get(vm, 3).truthy();
    let mut m = meter(vm);
    let start = m.remaining();
    let res = {
        let subj = vm.heap.str_bytes(s);
        let pat = vm.heap.str_bytes(p);
        if plain {
            pattern::find_plain(subj, pat, init - 1, &mut m).map(|o| {
                o.map(|st| Match {
                    start: st,
                    end: st + pat.len(),
                    captures: Vec::new(),
                })
            })
        } else if find {
            pattern::find(subj, pat, init - 1, &mut m)
        } else {
            pattern::str_match(subj, pat, init - 1, &mut m)
        }
    };
    settle(vm, &m, start)?;
    let res = res.map_err(pattern_error)?;
    match res {
        None => ret1(vm, Value::Nil),
        Some(mt) => {
            if find {
                vm.rets.push(Value::Int(mt.start as i64 + 1));
                vm.rets.push(Value::Int(mt.end as i64));
                if !mt.captures.is_empty() {
                    push_values(vm, &mt, s)?;
                }
            } else {
                push_values(vm, &mt, s)?;
            }
            Ok(Native::Ret)
        }
    }
}

pub fn find(vm: &mut Vm, a: Args) -> LResult<Native> {
    find_aux(vm, a, true)
}

pub fn match_(vm: &mut Vm, a: Args) -> LResult<Native> {
    find_aux(vm, a, false)
}

pub fn gmatch(vm: &mut Vm, a: Args) -> LResult<Native> {
    let s = a.check_str(vm, 0)?;
    let p = a.check_str(vm, 1)?;
    let l = vm.str(s).len();
    let init = posrelat_start(a.opt_int(vm, 2, 1)?, l);
    let pos = if init > l + 1 { l + 1 } else { init - 1 };
    let it = vm.heap.new_proxy(Proxy::Gmatch {
        s,
        p,
        pos,
        last: None,
    });
    ret1(vm, Value::Proxy(it))
}

/// One call of a `gmatch` iterator.
pub fn gmatch_step(vm: &mut Vm, it: crate::value::ProxyRef) -> LResult<()> {
    let Proxy::Gmatch { s, p, pos, last } = vm.heap.proxies.get(it.0).clone() else {
        return Ok(());
    };
    let mut m = meter(vm);
    let start = m.remaining();
    let res = {
        let subj = vm.heap.str_bytes(s);
        let pat = vm.heap.str_bytes(p);
        if pos > subj.len() {
            Ok(None)
        } else {
            pattern::gmatch_next(subj, pat, pos, last, &mut m)
        }
    };
    settle(vm, &m, start)?;
    match res.map_err(pattern_error)? {
        None => {
            if let Proxy::Gmatch { pos, .. } = vm.heap.proxies.get_mut(it.0) {
                *pos = usize::MAX / 2;
            }
            vm.rets.push(Value::Nil);
        }
        Some((mt, e)) => {
            if let Proxy::Gmatch { pos, last, .. } = vm.heap.proxies.get_mut(it.0) {
                *pos = e;
                *last = Some(e);
            }
            push_values(vm, &mt, s)?;
        }
    }
    Ok(())
}

/// A `gsub` with a function replacement, resumed after each call of the function.
pub struct GsubState {
    subject: StrRef,
    pattern: StrRef,
    max_n: Option<usize>,
    func: Value,
    cursor: GsubCursor,
    /// The match whose replacement the function call is computing.
    current: Option<Match>,
    copied: usize,
    out: Vec<u8>,
}

impl GsubState {
    pub fn mark(&self, mark: &mut dyn FnMut(Value)) {
        mark(Value::Str(self.subject));
        mark(Value::Str(self.pattern));
        mark(self.func);
    }
}

/// Value `i` of a match as Lua passes it to a gsub function (capture `i`, or the
/// whole match when the pattern has no captures); copies only that capture's bytes.
fn match_value(vm: &mut Vm, subject: StrRef, mt: &Match, i: usize) -> LResult<Value> {
    let (start, end) = match mt.captures.get(i) {
        Some(Capture::Position(p)) => return Ok(Value::Int(*p as i64)),
        Some(Capture::Span { start, end }) => (*start, *end),
        None => (mt.start, mt.end),
    };
    let b = vm
        .heap
        .str_bytes(subject)
        .get(start..end)
        .unwrap_or(&[])
        .to_vec();
    vm.new_str_vec(b)
}

/// The next gsub match, charging the matcher's steps to the VM.
fn next_gsub_match(
    vm: &mut Vm,
    subject: StrRef,
    pat: StrRef,
    max_n: Option<usize>,
    cursor: &mut GsubCursor,
) -> LResult<Option<Match>> {
    let mut m = meter(vm);
    let start = m.remaining();
    let res = pattern::gsub_next(
        vm.heap.str_bytes(subject),
        vm.heap.str_bytes(pat),
        max_n,
        cursor,
        &mut m,
    );
    settle(vm, &m, start)?;
    res.map_err(pattern_error)
}

fn append_repl_value(vm: &Vm, out: &mut Vec<u8>, v: Value, whole: &[u8]) -> LResult<()> {
    match v {
        Value::Nil | Value::Bool(false) => out.extend_from_slice(whole),
        Value::Str(s) => out.extend_from_slice(vm.str(s)),
        Value::Int(_) | Value::Float(_) => vm.write_tostring(out, v),
        other => {
            return Err(LuaError::Msg(format!(
                "invalid replacement value (a {})",
                vm.type_name(other)
            )))
        }
    }
    Ok(())
}

pub fn gsub(vm: &mut Vm, a: Args) -> LResult<Native> {
    let s = a.check_str(vm, 0)?;
    let p = a.check_str(vm, 1)?;
    let repl = a.get(vm, 2);
    let max_n = match a.get(vm, 3) {
        Value::Nil => None,
        _ => Some(a.check_int(vm, 3)?.max(0) as usize),
    };
    let max_len = vm.limits.max_string_len;
    match repl {
        Value::Str(_) | Value::Int(_) | Value::Float(_) => {
            let r = a.check_str(vm, 2)?;
            let mut m = meter(vm);
            let start = m.remaining();
            let mut out = Vec::new();
            let res = pattern::gsub_string(
                vm.heap.str_bytes(s),
                vm.heap.str_bytes(p),
                vm.heap.str_bytes(r),
                max_n,
                &mut out,
                max_len,
                &mut m,
            );
            settle(vm, &m, start)?;
            let n = match res {
                Ok(n) => n,
                Err(pattern::PatternError::Malformed(msg))
                    if msg == "resulting string too large" =>
                {
                    // lua5.4 has no such error for gsub: the output passed our limit.
                    return Err(vm.too_long());
                }
                Err(e) => return Err(pattern_error(e)),
            };
            let v = vm.new_str_vec(out)?;
            vm.rets.push(v);
            vm.rets.push(Value::Int(n as i64));
            Ok(Native::Ret)
        }
        Value::Table(_) | Value::Func(_) | Value::Builtin(_) | Value::Proxy(_) => {
            // One match at a time: memory stays bounded by the output, never by
            // matches x captures.
            let plain_table = !super::table_meta::needs_meta(vm, repl);
            if let (Value::Table(t), true) = (repl, plain_table) {
                let mut cursor = GsubCursor::for_table();
                let mut out = Vec::new();
                let mut copied = 0;
                while let Some(mt) = next_gsub_match(vm, s, p, max_n, &mut cursor)? {
                    copy_subject(vm, &mut out, s, copied, Some(mt.start))?;
                    let key = match_value(vm, s, &mt, 0)?;
                    let v = vm.heap.table(t).get(key);
                    append_repl_value(vm, &mut out, v, mt.whole(vm.heap.str_bytes(s)))?;
                    copied = mt.end;
                    vm.check_len(out.len())?;
                }
                copy_subject(vm, &mut out, s, copied, None)?;
                let v = vm.new_str_vec(out)?;
                vm.rets.push(v);
                vm.rets.push(Value::Int(cursor.count() as i64));
                return Ok(Native::Ret);
            }
            let func = a.base - 1;
            let state = GsubState {
                subject: s,
                pattern: p,
                max_n,
                func: repl,
                cursor: GsubCursor::default(),
                current: None,
                copied: 0,
                out: Vec::new(),
            };
            vm.push_cont(Cont::Gsub(Box::new(state)), func, a.nresults)?;
            match gsub_resume(vm)? {
                Some(Exit::Suspend) => Ok(Native::Suspend),
                _ => Ok(Native::Frame),
            }
        }
        _ => Err(a.type_error(vm, 2, "string/function/table")),
    }
}

/// Appends the subject's bytes `from..to` (to its end without `to`) to a gsub's output:
/// the copy is charged and bounded first, since one match near the start of a long subject
/// leaves the whole rest to copy.
fn copy_subject(
    vm: &mut Vm,
    out: &mut Vec<u8>,
    s: StrRef,
    from: usize,
    to: Option<usize>,
) -> LResult<()> {
    let len = vm.heap.str_bytes(s).len();
    let end = to.unwrap_or(len).min(len);
    let from = from.min(end);
    let total = out.len().saturating_add(end - from);
    vm.check_len(total)?;
    vm.check_memory_with(total)?;
    vm.charge((end - from) as u64 / 8)?;
    out.extend_from_slice(&vm.heap.str_bytes(s)[from..end]);
    Ok(())
}

/// Drives a function-replacement gsub: consumes the last call's result and calls the
/// function for the next match, or returns the result.
pub fn gsub_resume(vm: &mut Vm) -> LResult<Option<Exit>> {
    loop {
        let Some(frame) = vm.frames.last_mut() else {
            return Ok(None);
        };
        let func = frame.func as usize;
        let FrameKind::Cont(Cont::Gsub(st)) = &mut frame.kind else {
            return Ok(None);
        };
        let mut st = std::mem::replace(
            st,
            Box::new(GsubState {
                subject: StrRef(0),
                pattern: StrRef(0),
                max_n: None,
                func: Value::Nil,
                cursor: GsubCursor::default(),
                current: None,
                copied: 0,
                out: Vec::new(),
            }),
        );
        if let Some(mt) = st.current.take() {
            let v = vm.stack[func + 1];
            let whole = mt.whole(vm.heap.str_bytes(st.subject));
            append_repl_value(vm, &mut st.out, v, whole)?;
            vm.check_len(st.out.len())?;
            st.copied = mt.end;
        }
        let Some(mt) = next_gsub_match(vm, st.subject, st.pattern, st.max_n, &mut st.cursor)?
        else {
            copy_subject(vm, &mut st.out, st.subject, st.copied, None)?;
            let out = std::mem::take(&mut st.out);
            let n = st.cursor.count();
            let v = vm.new_str_vec(out)?;
            vm.ensure_stack(func + 3)?;
            vm.stack[func] = v;
            vm.stack[func + 1] = Value::Int(n as i64);
            vm.do_return(func, 2)?;
            return Ok(None);
        };
        copy_subject(vm, &mut st.out, st.subject, st.copied, Some(mt.start))?;
        if let Value::Table(_) = st.func {
            // A table with `__index`: the replacement is `t[first capture]` through it.
            let key = match_value(vm, st.subject, &mt, 0)?;
            st.current = Some(mt);
            vm.charge(1)?;
            let access = vm.index_access(st.func, key)?;
            vm.ensure_stack(func + 4)?;
            let call = match access {
                crate::vm::meta::Access::Value(v) => {
                    vm.stack[func + 1] = v;
                    None
                }
                crate::vm::meta::Access::Call(h, args) => {
                    vm.stack[func + 1] = h;
                    vm.stack[func + 2] = args[0];
                    vm.stack[func + 3] = args[1];
                    Some(())
                }
            };
            if let Some(frame) = vm.frames.last_mut() {
                if let FrameKind::Cont(Cont::Gsub(slot)) = &mut frame.kind {
                    *slot = st;
                }
            }
            if call.is_none() {
                continue;
            }
            match vm.call_value(func + 1, 2, 1)? {
                CallOutcome::Done => continue,
                CallOutcome::Frame => return Ok(None),
                CallOutcome::Suspend => {
                    return Err(LuaError::Msg(
                        "a metamethod cannot wait on a host call".into(),
                    ))
                }
            }
        }
        let n = mt.captures.len().max(1);
        vm.ensure_stack(func + 3 + n)?;
        vm.stack[func + 1] = st.func;
        for i in 0..n {
            let v = match_value(vm, st.subject, &mt, i)?;
            vm.stack[func + 2 + i] = v;
        }
        st.current = Some(mt);
        vm.charge(1)?;
        if let Some(frame) = vm.frames.last_mut() {
            if let FrameKind::Cont(Cont::Gsub(slot)) = &mut frame.kind {
                *slot = st;
            }
        }
        match vm.call_value(func + 1, n, 1)? {
            CallOutcome::Done => continue,
            CallOutcome::Frame => return Ok(None),
            CallOutcome::Suspend => return Ok(Some(Exit::Suspend)),
        }
    }
}

fn format_args<'a>(
    vm: &'a Vm,
    a: &Args,
    texts: &'a [Vec<u8>],
    converted: &[(usize, Value)],
) -> Vec<FormatArg<'a>> {
    let mut out = Vec::with_capacity(a.n);
    let mut t = 0;
    for i in 1..a.n {
        let v = match converted.iter().find(|(j, _)| *j == i) {
            Some((_, s)) => *s,
            None => a.get(vm, i),
        };
        out.push(match v {
            Value::Nil => FormatArg::Nil,
            Value::Bool(b) => FormatArg::Bool(b),
            Value::Int(x) => FormatArg::Int(x),
            Value::Float(x) => FormatArg::Float(x),
            Value::Str(s) => FormatArg::Str(vm.heap.str_bytes(s)),
            other => {
                let text = texts.get(t).map(|v| &v[..]).unwrap_or(&[]);
                t += 1;
                FormatArg::Other {
                    type_name: vm.type_name(other),
                    text,
                }
            }
        });
    }
    out
}

/// How `%s` shows the arguments that are not strings, numbers, booleans or nil (with
/// `__name`, as `tostring`); `converted` arguments are strings already.
fn other_texts(vm: &mut Vm, a: &Args, converted: &[(usize, Value)]) -> LResult<Vec<Vec<u8>>> {
    let mut texts = Vec::new();
    for i in 1..a.n {
        let v = a.get(vm, i);
        if !matches!(
            v,
            Value::Nil | Value::Bool(_) | Value::Int(_) | Value::Float(_) | Value::Str(_)
        ) && !converted.iter().any(|(j, _)| *j == i)
        {
            let mut t = Vec::new();
            super::tostr::write_named(vm, &mut t, v)?;
            texts.push(t);
        }
    }
    Ok(texts)
}

pub fn format(vm: &mut Vm, a: Args) -> LResult<Native> {
    let f = a.check_str(vm, 0)?;
    if let Some(v) = super::format_fast::format_plain(vm, &a, f)? {
        return ret1(vm, v);
    }
    // Every string argument is read whole by its conversion (copied by `%s`, escaped by
    // `%q`, parsed as a numeral by `%d`): charged by length, whatever the result's size.
    let mut read = vm.heap.str_bytes(f).len() as u64;
    for i in 1..a.n {
        if let Value::Str(s) = a.get(vm, i) {
            read += vm.heap.str_bytes(s).len() as u64;
        }
    }
    vm.charge(read / 16)?;
    let with_meta = (1..a.n).any(|i| vm.metatable(a.get(vm, i)).is_some());
    if with_meta {
        let mut found = super::tostr::format_tostring_args(vm, &a, vm.heap.str_bytes(f));
        // lua5.4 converts left to right: a handler runs only if every conversion before
        // its `%s` succeeded. The longest prefix that formats is found by bisection.
        let (mut ok, mut bad) = (0, found.len());
        if let Some(&(_, last)) = found.last() {
            if !prefix_formats(vm, &a, last)? {
                while ok < bad {
                    let mid = (ok + bad) / 2;
                    if prefix_formats(vm, &a, found[mid].1)? {
                        ok = mid + 1;
                    } else {
                        bad = mid;
                    }
                }
                found.truncate(ok);
            }
        }
        let todo: Vec<usize> = found.into_iter().map(|(arg, _)| arg).collect();
        if !todo.is_empty() {
            let from_lua = matches!(
                vm.frames.last().map(|f| &f.kind),
                Some(FrameKind::Lua { .. })
            );
            let purpose = super::tostr::TostrFor::Format { from_lua };
            return super::tostr::start(vm, &a, purpose, todo);
        }
    }
    let v = format_with(vm, &a, &[])?;
    ret1(vm, v)
}

/// Whether `string.format` of the first `upto` bytes of its format succeeds (charged).
fn prefix_formats(vm: &mut Vm, a: &Args, upto: usize) -> LResult<bool> {
    let f = a.check_str(vm, 0)?;
    let texts = other_texts(vm, a, &[])?;
    let mut m = meter(vm);
    let start = m.remaining();
    let mut out = Vec::new();
    let res = {
        let args = format_args(vm, a, &texts, &[]);
        let fmt = vm.heap.str_bytes(f);
        codemode_lua_text::format(
            fmt.get(..upto).unwrap_or(fmt),
            &args,
            &mut out,
            vm.limits.max_string_len,
            &mut m,
        )
    };
    settle(vm, &m, start)?;
    match res {
        Ok(()) => Ok(true),
        Err(e) if e.out_of_fuel => Err(crate::vm::out_of_fuel()),
        Err(_) => Ok(false),
    }
}

/// `string.format` of the arguments `a`, the `converted` ones replaced by the strings their
/// `__tostring` returned.
pub fn format_with(vm: &mut Vm, a: &Args, converted: &[(usize, Value)]) -> LResult<Value> {
    let f = a.check_str(vm, 0)?;
    let texts = other_texts(vm, a, converted)?;
    let mut m = meter(vm);
    let start = m.remaining();
    let mut out = Vec::new();
    let res = {
        let args = format_args(vm, a, &texts, converted);
        codemode_lua_text::format(
            vm.heap.str_bytes(f),
            &args,
            &mut out,
            vm.limits.max_string_len,
            &mut m,
        )
    };
    settle(vm, &m, start)?;
    if let Err(e) = res {
        if e.message == "resulting string too large" {
            return Err(vm.too_long());
        }
        if e.out_of_fuel {
            return Err(crate::vm::out_of_fuel());
        }
        return Err(match e.arg {
            Some(n) => a.error_vm(vm, n - 1, e.message),
            None => LuaError::Msg(e.message),
        });
    }
    vm.new_str_vec(out)
}

pub fn pack(vm: &mut Vm, a: Args) -> LResult<Native> {
    let f = a.check_str(vm, 0)?;
    let texts = other_texts(vm, &a, &[])?;
    let mut out = Vec::new();
    let res = {
        let args = format_args(vm, &a, &texts, &[]);
        codemode_lua_text::pack::pack(
            vm.heap.str_bytes(f),
            &args,
            &mut out,
            vm.limits.max_string_len,
        )
    };
    if let Err(e) = res {
        if e.message == "resulting string too large" {
            // lua5.4 would build it; the output passed our string limit.
            return Err(vm.too_long());
        }
        return Err(lib_error_vm(vm, &a, e));
    }
    vm.charge(out.len() as u64 / 16)?;
    let v = vm.new_str_vec(out)?;
    ret1(vm, v)
}

pub fn packsize(vm: &mut Vm, a: Args) -> LResult<Native> {
    let f = a.check_str(vm, 0)?;
    let n = codemode_lua_text::pack::packsize(vm.str(f)).map_err(|e| lib_error_vm(vm, &a, e))?;
    ret1(vm, Value::Int(n as i64))
}

pub fn unpack(vm: &mut Vm, a: Args) -> LResult<Native> {
    let f = a.check_str(vm, 0)?;
    let s = a.check_str(vm, 1)?;
    let l = vm.str(s).len();
    let pos = a.opt_int(vm, 2, 1)?;
    let pos = if pos < 0 {
        if pos.unsigned_abs() > l as u64 {
            0
        } else {
            l as i64 + pos + 1
        }
    } else {
        pos
    };
    if pos < 1 || pos as usize - 1 > l {
        return Err(a.error_vm(vm, 2, "initial position out of string"));
    }
    let r = codemode_lua_text::pack::unpack(
        vm.heap.str_bytes(f),
        vm.heap.str_bytes(s),
        pos as usize - 1,
    );
    // The bytes read (a failed 'z' scanned to the end): work in proportion.
    let read = match &r {
        Ok((_, next)) => next.saturating_sub(pos as usize - 1),
        Err(_) => l - (pos as usize - 1),
    };
    vm.charge(read as u64 / 16)?;
    let (vals, next) = r.map_err(|e| lib_error_vm(vm, &a, e))?;
    vm.charge(vals.len() as u64)?;
    vm.reserve_results(vals.len() + 1)?;
    for v in vals {
        let v = match v {
            Unpacked::Int(i) => Value::Int(i),
            Unpacked::Float(f) => Value::Float(f),
            Unpacked::Str(b) => vm.new_str_vec(b)?,
        };
        vm.rets.push(v);
    }
    vm.rets.push(Value::Int(next as i64 + 1));
    Ok(Native::Ret)
}
