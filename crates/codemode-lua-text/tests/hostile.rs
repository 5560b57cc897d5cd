//! Hostile inputs: every one ends in an error or a bounded result, never a hang, a
//! panic, a stack overflow or an unbounded allocation.

use codemode_lua_text::format::{format, FormatArg};
use codemode_lua_text::pattern::{self, PatternError};
use codemode_lua_text::{number, pack, utf8, Meter};

/// Runs `f` on a thread with a deliberately small stack, so a recursion that is not
/// bounded would crash the test instead of passing by luck.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(64 << 10)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("no panic")
}

fn malformed(msg: &str) -> PatternError {
    PatternError::Malformed(msg.to_string())
}

#[test]
fn exponential_pattern_runs_out_of_fuel() {
    let subject = "a".repeat(30);
    let pat = format!("{}b", "a*".repeat(30));
    let mut meter = Meter::new(5_000_000);
    let r = pattern::find(subject.as_bytes(), pat.as_bytes(), 0, &mut meter);
    assert_eq!(r, Err(PatternError::OutOfFuel));
    assert_eq!(meter.remaining(), 0);

    let mut meter = Meter::new(5_000_000);
    let mut out = Vec::new();
    let r = pattern::gsub_string(
        subject.as_bytes(),
        pat.as_bytes(),
        b"x",
        None,
        &mut out,
        1 << 20,
        &mut meter,
    );
    assert_eq!(r, Err(PatternError::OutOfFuel));
    assert!(out.is_empty());
}

#[test]
fn quadratic_scans_are_metered() {
    // No match anywhere: every start position scans the rest of the subject.
    let subject = vec![b'a'; 200_000];
    let mut meter = Meter::new(1_000_000);
    let r = pattern::find(&subject, b".-b", 0, &mut meter);
    assert_eq!(r, Err(PatternError::OutOfFuel));
    let mut meter = Meter::new(1_000_000);
    let r = pattern::find(&subject, b"%b()x", 0, &mut meter);
    assert_eq!(
        r,
        Ok(None),
        "no '(' at all: each start position fails in one step"
    );
    let opens = vec![b'('; 100_000];
    let mut meter = Meter::new(1_000_000);
    let r = pattern::find(&opens, b"%b()", 0, &mut meter);
    assert_eq!(r, Err(PatternError::OutOfFuel));
}

#[test]
fn deep_patterns_error_without_stack_overflow() {
    on_small_stack(|| {
        let deep = "(".repeat(100_000);
        let r = pattern::find(b"abc", deep.as_bytes(), 0, &mut Meter::new(1 << 30));
        assert_eq!(r, Err(malformed("too many captures")));

        let deep = "a?".repeat(100_000);
        let subject = vec![b'a'; 1000];
        let r = pattern::find(&subject, deep.as_bytes(), 0, &mut Meter::new(1 << 30));
        assert_eq!(r, Err(malformed("pattern too complex")));

        let deep = "(a)".repeat(31) + &"a-".repeat(1000);
        let r = pattern::find(&subject, deep.as_bytes(), 0, &mut Meter::new(1 << 30));
        assert_eq!(r, Err(malformed("pattern too complex")));

        let deep = ")".repeat(100_000);
        let r = pattern::str_match(b"abc", deep.as_bytes(), 0, &mut Meter::new(1 << 30));
        assert_eq!(r, Err(malformed("invalid pattern capture")));

        let deep = "[".repeat(100_000);
        let r = pattern::find(b"abc", deep.as_bytes(), 0, &mut Meter::new(1 << 30));
        assert_eq!(r, Err(malformed("malformed pattern (missing ']')")));
    });
}

#[test]
fn outputs_are_bounded() {
    let subject = vec![b'a'; 10_000];
    let mut out = Vec::new();
    let r = pattern::gsub_string(
        &subject,
        b"",
        &[b'x'; 1000],
        None,
        &mut out,
        1_000_000,
        &mut Meter::new(1 << 30),
    );
    assert_eq!(r, Err(malformed("resulting string too large")));
    assert!(out.is_empty());

    let big = vec![b'y'; 1 << 20];
    let mut out = Vec::new();
    let r = format(
        b"%s%s",
        &[FormatArg::Str(&big), FormatArg::Str(&big)],
        &mut out,
        1 << 20,
        &mut Meter::new(1 << 30),
    );
    assert_eq!(
        r.map_err(|e| e.message),
        Err("resulting string too large".to_string())
    );
    assert!(out.is_empty());

    let mut out = Vec::new();
    let r = format(
        b"%q",
        &[FormatArg::Str(&[0u8; 1000])],
        &mut out,
        2000,
        &mut Meter::new(1 << 30),
    );
    assert_eq!(
        r.map_err(|e| e.message),
        Err("resulting string too large".to_string())
    );

    let mut out = Vec::new();
    let r = pack::pack(b"c2000000000", &[FormatArg::Str(b"")], &mut out, 1 << 20);
    assert_eq!(
        r.map_err(|e| e.message),
        Err("resulting string too large".to_string())
    );
    assert!(out.capacity() < 1 << 21);
}

#[test]
fn format_spends_fuel() {
    let fmt = "%d".repeat(1000);
    let args = vec![FormatArg::Int(1); 1000];
    let mut out = Vec::new();
    let r = format(
        fmt.as_bytes(),
        &args,
        &mut out,
        1 << 20,
        &mut Meter::new(100),
    );
    assert!(r.is_err_and(|e| e.out_of_fuel));
}

/// A small deterministic generator (no dependency needed for this).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn bytes(&mut self, alphabet: &[u8], max: usize) -> Vec<u8> {
        let n = (self.next() as usize) % (max + 1);
        (0..n)
            .map(|_| alphabet[(self.next() as usize) % alphabet.len()])
            .collect()
    }
}

#[test]
fn random_inputs_never_panic() {
    on_small_stack(|| {
        let mut g = Lcg(0x5eed);
        let pat_alpha = b"()%[]^$*+-?.abc019bfzdDsSwWxXgGpPcC\0\xff";
        let sub_alpha = b"abc()[]%01 \0\xff\x80\xc3";
        let fmt_alpha = b"%%%%-+ #0123456789.dicuoxXaAeEfFgGqsyp\0";
        let num_alpha = b"0123456789abcdefxXpP+-. \t\nen\0";
        let pack_alpha = b"<>=!bBhHlLjJTiIfdnszxXc0123456789 ";
        for _ in 0..20_000 {
            let p = g.bytes(pat_alpha, 12);
            let s = g.bytes(sub_alpha, 24);
            let init = (g.next() as usize) % (s.len() + 2);
            let mut m = Meter::new(200_000);
            let _ = pattern::find(&s, &p, init, &mut m);
            let _ = pattern::str_match(&s, &p, init, &mut m);
            let _ = pattern::gmatch_next(&s, &p, init, None, &mut m);
            let mut out = Vec::new();
            let _ = pattern::gsub_string(&s, &p, b"<%1%0>", Some(3), &mut out, 1 << 16, &mut m);
            if let Ok(ms) = pattern::gsub_matches(&s, &p, None, &mut m) {
                for mt in &ms {
                    let _ = mt.values(&s);
                    let _ = pattern::expand_replacement(b"%2%%", &s, mt, &mut out);
                }
            }

            let f = g.bytes(fmt_alpha, 10);
            let args = [
                FormatArg::Int(g.next() as i64 - (1 << 30)),
                FormatArg::Float(f64::from_bits(g.next() << 32 | g.next())),
                FormatArg::Str(&s),
                FormatArg::Nil,
            ];
            let mut out = Vec::new();
            let _ = format(&f, &args, &mut out, 1 << 16, &mut Meter::new(10_000));

            let n = g.bytes(num_alpha, 16);
            let _ = number::parse_number(&n);
            let _ = number::parse_int_base(&n, 2 + (g.next() as u32) % 35);

            let pf = g.bytes(pack_alpha, 8);
            let mut out = Vec::new();
            let pargs = [
                FormatArg::Int(g.next() as i64),
                FormatArg::Str(&s),
                FormatArg::Float(0.5),
            ];
            let _ = pack::pack(&pf, &pargs, &mut out, 1 << 16);
            let _ = pack::packsize(&pf);
            let _ = pack::unpack(&pf, &s, (g.next() as usize) % (s.len() + 1));

            let mut cps = Vec::new();
            let i = g.next() as i64 % 40 - 20;
            let j = g.next() as i64 % 40 - 20;
            let _ = utf8::len(&s, i, j, g.next() % 2 == 0, &mut m);
            let _ = utf8::codepoint(&s, i, j, g.next() % 2 == 0, &mut cps, &mut m);
            let _ = utf8::offset(&s, i, Some(j), &mut m);
            let _ = utf8::codes_next(&s, i, true);
        }
    });
}
