use super::*;

fn u(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

fn limits() -> Limits {
    Limits {
        fuel: 10_000_000,
        max_memory: 64 << 20,
        deadline: None,
    }
}

/// The groups of the first match of `p` (flags `f`) in `s`, as strings (`None`: unset).
fn groups(p: &str, f: &str, s: &str) -> Option<Vec<Option<String>>> {
    let re = Regex::with_flags(&u(p), &u(f)).unwrap_or_else(|e| panic!("{p}: {e}"));
    let subj = u(s);
    let m = re.find_at(&subj, 0, false, &mut limits()).unwrap()?;
    Some(
        (0..m.len())
            .map(|i| {
                m.group(i)
                    .map(|(a, b)| String::from_utf16_lossy(&subj[a..b]))
            })
            .collect(),
    )
}

fn g(p: &str, f: &str, s: &str) -> Vec<Option<&'static str>> {
    groups(p, f, s)
        .unwrap_or_else(|| panic!("/{p}/{f} did not match {s:?}"))
        .into_iter()
        .map(|x| x.map(|s| &*Box::leak(s.into_boxed_str())))
        .collect()
}

fn err(p: &str, f: &str) -> String {
    Regex::with_flags(&u(p), &u(f)).unwrap_err().0
}

#[test]
fn basics() {
    assert_eq!(g(r"\d+", "", "ab123c"), [Some("123")]);
    assert_eq!(g(r"a|ab", "", "abc"), [Some("a")]);
    assert_eq!(
        g(r"(a|ab)(c|bcd)(d*)", "", "abcd"),
        [Some("abcd"), Some("a"), Some("bcd"), Some("")]
    );
    assert_eq!(g(r"a[a-z]{2,4}", "", "abcdefghi"), [Some("abcde")]);
    assert_eq!(g(r"a[a-z]{2,4}?", "", "abcdefghi"), [Some("abc")]);
    assert_eq!(
        g(r"(aa|aabaac|ba|b|c)*", "", "aabaac"),
        [Some("aaba"), Some("ba")]
    );
    assert_eq!(groups(r"^x", "", "ax"), None);
    assert_eq!(g(r"^x", "m", "a\nx"), [Some("x")]);
}

#[test]
fn captures_reset_in_each_iteration() {
    // ECMAScript: the spec's own example.
    assert_eq!(
        g(r"(z)((a+)?(b+)?(c))*", "", "zaacbbbcac"),
        [
            Some("zaacbbbcac"),
            Some("z"),
            Some("ac"),
            Some("a"),
            None,
            Some("c")
        ]
    );
    // The empty check: (a*)* stops on an empty iteration.
    assert_eq!(g(r"(a*)*", "", "b"), [Some(""), None]);
    assert_eq!(g(r"(a*)+", "", "b"), [Some(""), Some("")]);
}

#[test]
fn backreferences() {
    assert_eq!(g(r"(a)\1", "", "aa"), [Some("aa"), Some("a")]);
    assert_eq!(g(r"\1(a)", "", "aa"), [Some("a"), Some("a")]);
    assert_eq!(g(r"(?<x>b)\k<x>", "", "abb"), [Some("bb"), Some("b")]);
    assert_eq!(g(r"(a)\1", "i", "aA"), [Some("aA"), Some("a")]);
}

#[test]
fn lookaround() {
    assert_eq!(g(r"(?=(a+))a*b\1", "", "baaabac"), [Some("aba"), Some("a")]);
    assert_eq!(g(r"(?!a)\w", "", "ab"), [Some("b")]);
    assert_eq!(g(r"(?<=\$)\d+", "", "cost $42"), [Some("42")]);
    assert_eq!(g(r"(?<!\$)\b\d+", "", "$4 17"), [Some("17")]);
    // Lookbehind matches right to left: the greedy group takes the most on the left.
    assert_eq!(
        g(r"(?<=(\d+)(\d+))$", "", "1053"),
        [Some(""), Some("1"), Some("053")]
    );
    assert_eq!(g(r"(?<=\1(a))b", "", "aab"), [Some("b"), Some("a")]);
}

#[test]
fn case_folding() {
    assert_eq!(g(r"[a-z]+", "i", "ABC"), [Some("ABC")]);
    // Non-unicode Canonicalize never maps non-ASCII to ASCII: ſ (U+017F) is not s.
    assert_eq!(groups("s", "i", "\u{17F}"), None);
    assert_eq!(g("s", "iu", "\u{17F}"), [Some("\u{17F}")]);
    assert_eq!(g("\u{212A}", "iu", "k"), [Some("k")]);
    assert_eq!(groups(r"\W", "iu", "S"), None);
    assert_eq!(g("[^a]", "i", "b"), [Some("b")]);
    assert_eq!(groups("[^a]", "i", "A"), None);
}

#[test]
fn unicode() {
    assert_eq!(g(r"\p{Lu}+", "u", "abcÀBCd"), [Some("ÀBC")]);
    assert_eq!(g(r"\p{Script=Greek}+", "u", "xαβγy"), [Some("αβγ")]);
    assert_eq!(g(r"^.$", "u", "😀"), [Some("😀")]);
    assert_eq!(groups(r"^.$", "", "😀"), None);
    assert_eq!(g(r"[\p{L}--[a-z]]+", "v", "abcXYZ"), [Some("XYZ")]);
    assert_eq!(g(r"[\q{abc|d}x]+", "v", "zabcdxq"), [Some("abcdx")]);
    assert_eq!(g(r"\u{1F600}", "u", "a😀"), [Some("😀")]);
}

#[test]
fn early_errors_read_like_v8() {
    assert_eq!(
        err("(", ""),
        "Invalid regular expression: /(/: Unterminated group"
    );
    assert_eq!(
        err("(", "u"),
        "Invalid regular expression: /(/u: Unterminated group"
    );
    assert_eq!(
        err("a**", ""),
        "Invalid regular expression: /a**/: Nothing to repeat"
    );
    // An assertion takes no quantifier: the brace after it is the next term (a lone bracket
    // in the unicode modes, a literal outside them), after an atom it is a broken quantifier.
    assert_eq!(
        err("aA${", "u"),
        "Invalid regular expression: /aA${/u: Lone quantifier brackets"
    );
    assert_eq!(
        err(r"\b{", "u"),
        r"Invalid regular expression: /\b{/u: Lone quantifier brackets"
    );
    assert_eq!(
        err("^{1}", "u"),
        "Invalid regular expression: /^{1}/u: Nothing to repeat"
    );
    assert_eq!(
        err("a{", "u"),
        "Invalid regular expression: /a{/u: Incomplete quantifier"
    );
    assert_eq!(
        err("^*", ""),
        "Invalid regular expression: /^*/: Nothing to repeat"
    );
    assert_eq!(
        err("[b-a]", ""),
        "Invalid regular expression: /[b-a]/: Range out of order in character class"
    );
    assert_eq!(
        err(r"\p{Foo}", "u"),
        r"Invalid regular expression: /\p{Foo}/u: Invalid property name"
    );
    assert_eq!(
        err("x{2,1}", ""),
        "Invalid regular expression: /x{2,1}/: numbers out of order in {} quantifier"
    );
    assert_eq!(
        err("a", "gg"),
        "Invalid flags supplied to RegExp constructor 'gg'"
    );
    assert_eq!(
        err("a)", ""),
        "Invalid regular expression: /a)/: Unmatched ')'"
    );
    assert_eq!(
        err("(?<a>x)(?<a>y)", ""),
        "Invalid regular expression: /(?<a>x)(?<a>y)/: Duplicate capture group name"
    );
    assert_eq!(
        err(r"\k<a>", "u"),
        r"Invalid regular expression: /\k<a>/u: Invalid named capture referenced"
    );
    assert_eq!(
        err("[(]", "v"),
        "Invalid regular expression: /[(]/v: Invalid character in character class"
    );
}

#[test]
fn annex_b() {
    assert_eq!(g(r"\8", "", "8"), [Some("8")]);
    assert_eq!(g(r"\101", "", "A"), [Some("A")]);
    assert_eq!(g(r"a{", "", "a{"), [Some("a{")]);
    assert_eq!(g(r"]", "", "]"), [Some("]")]);
    assert_eq!(g(r"\c", "", "\\c"), [Some("\\c")]);
    assert_eq!(g(r"[\d-z]+", "", "1-z"), [Some("1-z")]);
    assert_eq!(g(r"\k", "", "k"), [Some("k")]);
}

#[test]
fn deep_nesting_is_a_syntax_error_not_a_crash() {
    let p = "(".repeat(100_000) + &")".repeat(100_000);
    assert!(err(&p, "").ends_with("Regular expression too large"));
    let p = "(?:".repeat(150) + "a" + &")".repeat(150);
    assert_eq!(g(&p, "", "a"), [Some("a")]);
}

fn exhausts(p: &str, s: &str, fuel: u64) -> Exhausted {
    let re = Regex::with_flags(&u(p), &[]).unwrap();
    let mut l = Limits {
        fuel,
        max_memory: 1 << 20,
        deadline: None,
    };
    re.find_at(&u(s), 0, false, &mut l).unwrap_err()
}

#[test]
fn catastrophic_patterns_run_out_of_fuel() {
    let s = "a".repeat(40) + "!";
    assert_eq!(exhausts("(a+)+$", &s, 1_000_000), Exhausted::Fuel);
    let s = "x".repeat(40);
    assert_eq!(exhausts("(x+x+)+y", &s, 1_000_000), Exhausted::Fuel);
    // A long subject under a pattern that saves state per character: the memory cap.
    let s = "a".repeat(1_000_000);
    let e = exhausts("(?:a|b)*c", &s, u64::MAX);
    assert_eq!(e, Exhausted::Memory);
}

#[test]
fn huge_counts_are_loops() {
    let s = "a".repeat(1000);
    assert_eq!(g("a{0,4294967295}", "", &s)[0].map(str::len), Some(1000));
    assert_eq!(
        g("(?:a){0,4294967295}", "", &s)[0].map(str::len),
        Some(1000)
    );
    assert_eq!(groups("a{4294967295}", "", &s), None);
}

/// One `Scratch` carried across patterns of different shapes (captures, loops, lookarounds,
/// a deep backtrack stack, an exhausted match) gives what a fresh one gives, step for step.
#[test]
fn reused_scratch_matches_like_a_fresh_one() {
    let cases = [
        ("(a)|(b)", "", "xxb"),
        ("(?:(a)|b)+", "", "abab"),
        ("(?<=(\\d+))x", "", "12x"),
        ("(?!a)(\\w){2,3}", "", "aabcd"),
        ("^(\\d+)-(\\d+)$", "", "12-345"),
        (
            "[\\w.+-]+@([\\w-]+\\.)+[a-z]{2,}",
            "i",
            "Bo.Li@Corp.Example.ORG",
        ),
        ("(a|b)*c", "", &("ab".repeat(2000) + "c")),
        ("é(\\p{L})", "u", "aéb"),
        ("(x)?y", "", "y"),
    ];
    let mut scratch = Scratch::default();
    for round in 0..2 {
        for (p, f, s) in cases {
            let re = Regex::with_flags(&u(p), &u(f)).unwrap();
            let subj = u(s);
            let (mut fresh, mut reused) = (limits(), limits());
            let want = re.find_at(&subj, 0, false, &mut fresh).unwrap();
            let got = re
                .find_at_with(&subj, 0, false, &mut reused, &mut scratch)
                .unwrap();
            assert_eq!(got, want, "/{p}/{f} on {s:?} (round {round})");
            assert_eq!(reused.fuel, fresh.fuel, "/{p}/{f}: steps charged");
        }
        // An exhausted match leaves the scratch usable.
        let re = Regex::with_flags(&u("(a*)*b"), &u("")).unwrap();
        let mut tight = Limits {
            fuel: 1_000,
            ..limits()
        };
        let subj = u(&"a".repeat(40));
        assert!(re
            .find_at_with(&subj, 0, false, &mut tight, &mut scratch)
            .is_err());
    }
}
