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

/// Whether `/p/f` matches somewhere in `s`.
fn test(p: &str, f: &str, s: &str) -> bool {
    groups(p, f, s).is_some()
}

/// The `groups` object of the first match: one entry per distinct name, the value of the
/// group of that name that participated.
fn named(p: &str, f: &str, s: &str) -> Vec<(String, Option<String>)> {
    let re = Regex::with_flags(&u(p), &u(f)).unwrap_or_else(|e| panic!("{p}: {e}"));
    let subj = u(s);
    let m = re
        .find_at(&subj, 0, false, &mut limits())
        .unwrap()
        .unwrap_or_else(|| panic!("/{p}/{f} did not match {s:?}"));
    re.group_names()
        .iter()
        .map(|(n, gs)| {
            let v = m
                .first_set(gs)
                .map(|(a, b)| String::from_utf16_lossy(&subj[a..b]));
            (n.clone(), v)
        })
        .collect()
}

// ES2025 pattern modifiers; the expected values follow the spec (CompileAtom with
// UpdateModifiers) and test262's built-ins/RegExp/regexp-modifiers.
#[test]
fn modifier_i_scopes_case_folding() {
    assert!(test("^(?i:a)b$", "", "Ab"));
    assert!(!test("^(?i:a)b$", "", "AB"));
    assert!(test("^(?-i:fo)o$", "i", "foO"));
    assert!(!test("^(?-i:fo)o$", "i", "FOo"));
    // Nested, and the flag outside untouched by the group inside.
    assert!(test("^(?i:a(?-i:b))c$", "", "Abc"));
    assert!(!test("^(?i:a(?-i:b))c$", "", "ABc"));
    assert!(!test("^(?i:a(?-i:b))c$", "", "AbC"));
    assert!(test("^(?-i:a(?i:b))c$", "i", "aBC"));
    assert!(!test("^(?-i:a(?i:b))c$", "i", "ABC"));
    assert!(test("^a|(?i:c)$", "", "C"));
    assert!(!test("^(?:a|(?i:c)|d)$", "", "D"));
    // Classes, escapes and ranges fold inside the group only.
    assert!(test("^(?i:[ab])c$", "", "Bc"));
    assert!(!test("^(?i:[ab])c$", "", "BC"));
    assert!(!test("^(?-i:[ab])c$", "i", "Bc"));
    assert!(test(r"^(?i:\x61)b$", "", "Ab"));
    assert!(!test(r"^(?-i:\x61)b$", "i", "Ab"));
    assert!(test("^(?i:[^a])$", "", "b"));
    assert!(!test("^(?i:[^a])$", "", "A"));
    // Backreferences compare under the modifier at the reference.
    assert!(test(r"^(a)(?i:\1)$", "", "aA"));
    assert!(!test(r"^(a)(?i:\1)$", "", "Aa"));
    assert!(test(r"^(a)(?-i:\1)$", "i", "AA"));
    assert!(!test(r"^(a)(?-i:\1)$", "i", "aA"));
    // ...and the group's text is compared exactly outside the group.
    assert!(test(r"^(?i:(a))\1$", "", "AA") && !test(r"^(?i:(a))\1$", "", "Aa"));
    // The unicode modes fold by simple case folding: ſ is s and K is k.
    assert!(test("^(?i:s)$", "u", "\u{17F}"));
    assert!(!test("^(?i:s)$", "", "\u{17F}"));
    assert!(test(r"(?i:\p{Lu})", "u", "a"));
    assert!(!test(r"(?-i:\p{Lu})", "iu", "a"));
    assert!(test(r"(?i:\P{Lu})", "u", "A"));
    assert!(!test(r"(?-i:\P{Lu})", "iu", "A"));
    assert!(test("^(?i:[a-z]{3})$", "v", "ABC"));
    // The `v` mode complements the folded set: under `i`, `\P{Lu}` matches no letter
    // that has a capital, whatever its case (node 20 agrees without modifiers).
    assert!(!test(r"\P{Lu}", "vi", "A") && !test(r"\P{Lu}", "vi", "a"));
    assert!(!test(r"(?i:\P{Lu})", "v", "a") && test(r"(?-i:\P{Lu})", "vi", "a"));
    assert!(test(r"[^\P{Lu}]", "vi", "a") && test(r"\P{Lu}", "ui", "A"));
    // `\w`, `\W`, `\b`, `\B` take ſ and K as word characters under `i` with `u`/`v`.
    assert!(test(r"^(?i:\w)$", "u", "\u{17F}"));
    assert!(!test(r"^\w$", "u", "\u{17F}"));
    assert!(!test(r"^(?-i:\w)$", "iu", "\u{212A}"));
    assert!(!test(r"(?i:\W)", "u", "\u{17F}"));
    assert!(test(r"(?-i:\W)", "iu", "\u{17F}"));
    assert!(!test(r"(?i:\w)", "", "\u{17F}"));
    assert!(test(r"(?i:\b)", "u", "\u{17F}"));
    assert!(!test(r"\b", "u", "\u{17F}"));
    assert!(!test(r"(?-i:\b)", "iu", "\u{212A}"));
    assert!(test(r"(?i:Z\B)", "u", "Z\u{17F}"));
    assert!(!test(r"(?-i:Z\B)", "iu", "Z\u{17F}"));
    // In the `v` mode a nested negated class folds under the modifier in force.
    assert!(!test(r"^(?i:[[^a]])$", "v", "A"));
    assert!(test(r"^(?-i:[[^a]])$", "iv", "A"));
    // Right to left in a lookbehind, and in a quantified single-character loop.
    assert!(test("(?<=(?i:a)b)c", "", "Abc"));
    assert_eq!(g("(?i:a)+", "", "xaAab"), [Some("aAa")]);
    assert_eq!(g("(?i:ab)+?b", "", "ABAbb"), [Some("ABAbb")]);
    // The first-character filter sees the folded set.
    assert_eq!(g("(?i:x)y", "", "aXy"), [Some("Xy")]);
}

#[test]
fn modifiers_m_and_s_scope_anchors_and_dot() {
    assert!(test("^(?m:es$)", "", "es\ns"));
    assert!(!test("^es$", "", "es\ns"));
    assert!(!test("^(?-m:es$)", "m", "es\ns"));
    assert!(test("(?-m:^es)$", "m", "es\ns"));
    // A `^` under `(?m:...)` is not anchored to position 0 (nor `(?-m:^)` unanchored).
    assert_eq!(g("(?m:^b)", "", "a\nb"), [Some("b")]);
    assert!(!test("(?-m:^b)", "m", "a\nb"));
    assert!(test("(?-m:es(?m:$)|js$)", "m", "es\njs"));
    assert!(test("^(?s:.)$", "", "\n"));
    assert!(!test("^(?-s:.)$", "s", "\n"));
    assert!(test("^(?s:(?-s:a).)$", "", "a\n") || test("^(?s:(?-s:.).)$", "", "a\n"));
    assert!(!test("^(?s:(?-s:.).)$", "", "\n\n"));
    assert!(test("^(?s-i:.A)$", "i", "\nA"));
    assert!(!test("^(?s-i:.A)$", "i", "\na"));
    assert!(test("^(?m-s:^.$)", "s", "x\na"));
    // A modifier group neither changes the flags nor captures.
    let re = Regex::with_flags(&u("(?ims:a)"), &u("")).unwrap();
    assert_eq!(re.flags(), Flags::default());
    assert_eq!(re.group_count(), 0);
    assert_eq!(
        g("(?i:(a))(b)", "", "Ab"),
        [Some("Ab"), Some("A"), Some("b")]
    );
}

#[test]
fn modifier_early_errors_read_like_v8() {
    let msg = |p: &str, f: &str| {
        let e = err(p, f);
        e.rsplit(": ").next().unwrap_or_default().to_string()
    };
    for (p, want) in [
        ("(?ii:a)", "Repeated flag in flag group"),
        ("(?i-i:a)", "Repeated flag in flag group"),
        ("(?-ss:a)", "Repeated flag in flag group"),
        ("(?ms-im:a)", "Repeated flag in flag group"),
        ("(?i--m:a)", "Multiple dashes in flag group"),
        ("(?-:a)", "Invalid flag group"),
        ("(?u:a)", "Invalid group"),
        ("(?I:a)", "Invalid group"),
        ("(?g:a)", "Invalid group"),
        ("(?i)", "Invalid group"),
        ("(?i", "Invalid group"),
        ("(?i=a)", "Invalid group"),
        ("(?i<a>b)", "Invalid group"),
        ("(?i:a", "Unterminated group"),
        ("(?\u{17F}:a)", "Invalid group"),
        ("(?i\u{200D}:a)", "Invalid group"),
    ] {
        assert_eq!(msg(p, ""), want, "{p}");
        assert_eq!(msg(p, "u"), want, "{p} with u");
    }
    for p in [
        "(?i:)",
        "(?-i:)",
        "(?i-:)",
        "(?i-s:)",
        "(?ims:)",
        "(?-ims:)",
        "(?m-is:a)",
        "(?i:(?i:))",
        "(?i:a)*",
        "(?i:a){2}",
    ] {
        for f in ["", "i", "u", "v", "imsu"] {
            assert!(
                Regex::with_flags(&u(p), &u(f)).is_ok(),
                "/{p}/{f} should be valid"
            );
        }
    }
}

// ES2025 duplicate named groups: the same name in different alternatives.
#[test]
fn duplicate_names_in_different_alternatives() {
    let date = r"(?<y>\d{4})-\d\d|\d\d-(?<y>\d{4})";
    assert_eq!(
        named(date, "", "on 12-1999"),
        [("y".to_string(), Some("1999".to_string()))]
    );
    assert_eq!(
        named(date, "", "2024-05"),
        [("y".to_string(), Some("2024".to_string()))]
    );
    let re = Regex::with_flags(&u(date), &[]).unwrap();
    assert_eq!(re.names(), [("y".to_string(), 1), ("y".to_string(), 2)]);
    assert_eq!(re.group_names(), [("y".to_string(), vec![1, 2])]);
    // One property per name, in the order of first appearance.
    let order = named("(?<y>a)(?<x>a)|(?<x>b)(?<y>b)", "", "bb");
    assert_eq!(
        order,
        [
            ("y".to_string(), Some("b".to_string())),
            ("x".to_string(), Some("b".to_string()))
        ]
    );
    let none = named("(?:(?<x>a)|(?<y>a)(?<x>b))(?:(?<z>c)|(?<z>d))", "", "abc");
    assert_eq!(
        none,
        [
            ("x".to_string(), Some("b".to_string())),
            ("y".to_string(), Some("a".to_string())),
            ("z".to_string(), Some("c".to_string()))
        ]
    );
    assert_eq!(named("(?<x>a)|(?<x>b)|c", "", "c")[0].1, None);
    // `\k<name>` refers to whichever group of the name participated.
    assert_eq!(g(r"(?:(?<a>x)|(?<a>y))\k<a>", "", "xyy")[0], Some("yy"));
    assert!(!test(r"^(?:(?<a>x)|(?<a>y))\k<a>$", "", "yx"));
    assert_eq!(
        g(r"^(?:(?:(?<a>x)|(?<a>y))\k<a>){2}$", "", "xxyy")[0],
        Some("xxyy")
    );
    assert!(test(r"^(?:(?<a>x)|(?<a>y))\k<a>$", "i", "yY"));
    assert!(test(r"^(?:(?<a>x)|(?<a>y))(?i:\k<a>)$", "", "yY"));
    // An unset group matches empty: neither alternative has run at the reference.
    assert_eq!(g(r"\k<a>(?:(?<a>x)|(?<a>y))", "", "y")[0], Some("y"));
    // Right to left: the group on the right is matched first.
    assert_eq!(
        g(r"(?<=\k<a>(?:(?<a>x)|(?<a>y)))z", "", "yyz")[0],
        Some("z")
    );
    assert!(!test(r"(?<=\k<a>(?:(?<a>x)|(?<a>y)))z", "", "xyz"));
    // A lookahead's alternatives count too.
    assert!(test(r"(?=(?<a>x)|(?<a>y))\k<a>", "", "y"));
}

#[test]
fn duplicate_names_that_might_both_participate_are_errors() {
    for p in [
        "(?<a>x)(?<a>y)",
        "(?:(?<a>x)|y)(?<a>z)",
        "(?<a>x)(?:y|(?<a>z))",
        "(?:(?<a>x)|(?<a>y))(?<a>z)",
        "(?<a>x)|(?<a>y)(?<a>z)",
        "((?<a>x)|(?<b>y))(?:(?<a>z)|w)",
        "(?=(?<a>x))(?<a>x)",
        "(?<a>(?<a>x))|y",
        "(?<a>x|(?<a>y))",
        "(?:(?<a>x)|(?<a>y))*(?<a>z)",
    ] {
        assert!(
            err(p, "").ends_with(": Duplicate capture group name"),
            "{p}: {}",
            err(p, "")
        );
        assert!(
            err(p, "u").ends_with(": Duplicate capture group name"),
            "{p}"
        );
    }
    for p in [
        "(?<a>x)|(?<a>y)",
        "(?<a>x)|(?:(?<a>y)|(?<a>z))",
        "(?:(?<a>x)|(?<a>y))\\k<a>",
        "(?:(?<a>x)|(?<a>y))|(?<a>z)",
        "(?:(?<a>x)|y)|(?:(?<a>z)|w)",
        "(?=(?<a>x)|(?<a>y))",
        "((?<a>x)|(?<b>y))|(?<a>z)(?<b>w)",
        "(?<a>x)(?<b>y)|(?<b>z)(?<a>w)",
    ] {
        assert!(Regex::with_flags(&u(p), &[]).is_ok(), "{p} should be valid");
    }
    // A later syntax error is still reported first, as V8 does.
    assert!(err("(?<a>x)(?<a>y)(", "").ends_with("Unterminated group"));
}

#[test]
fn many_duplicate_names_parse_in_near_linear_time() {
    // Every alternative repeats the names; deep nesting moves them up level by level.
    let alts = vec!["(?<a>x)(?<b>y)"; 50_000].join("|");
    assert!(Regex::with_flags(&u(&alts), &[]).is_ok());
    let nested = "(?:".repeat(190) + &alts + "|z" + &")|w".repeat(190);
    let re = Regex::with_flags(&u(&nested), &[]).unwrap();
    assert_eq!(re.group_names().len(), 2);
    assert_eq!(re.group_names()[0].1.len(), 50_000);
    let bad = format!("(?:{nested})(?<a>q)");
    assert!(err(&bad, "").ends_with("Duplicate capture group name"));
    // Every `\k<a>` shares the name's one list of groups: memory stays linear.
    let refs = format!("(?:{alts}){}", r"\k<a>".repeat(50_000));
    let re = Regex::with_flags(&u(&refs), &[]).unwrap();
    assert!(re.memory_size() < 64 * refs.len(), "{}", re.memory_size());
    // Finding the group that is set is charged: a long list runs out of fuel, not time.
    let subject = u(&"xy".repeat(20));
    let mut l = Limits {
        fuel: 1_000_000,
        max_memory: 1 << 26,
        deadline: None,
    };
    assert_eq!(re.find_at(&subject, 0, false, &mut l), Err(Exhausted::Fuel));
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

/// The fuel a search of `p` in `s` uses, and whether it matched.
fn steps_of(p: &str, s: &str) -> (u64, bool) {
    let re = Regex::with_flags(&u(p), &u("")).unwrap();
    let mut l = limits();
    let found = re.find_at(&u(s), 0, false, &mut l).unwrap().is_some();
    (limits().fuel - l.fuel, found)
}

#[test]
fn literal_runs_and_scans_charge_a_step_per_character() {
    // A run of literal characters is one instruction, a class per character is one
    // instruction each: the steps are the same.
    for s in ["xxabcdx", "abcabcd", "abce", "ab"] {
        assert_eq!(steps_of("abcd", s), steps_of("[a][b][c][d]", s), "{s:?}");
        assert_eq!(
            steps_of("(?<=abcd)x", s),
            steps_of("(?<=[a][b][c][d])x", s),
            "{s:?}"
        );
    }
    // A repetition's scan charges at least a step per character, either way.
    for n in [0, 1, 255, 256, 257, 1000] {
        let s = "7".repeat(n) + "x";
        let (fwd, _) = steps_of("\\d*x", &s);
        let (back, _) = steps_of("(?<=\\d*)x", &s);
        assert!(fwd >= n as u64 && back >= n as u64, "{n}: {fwd} {back}");
    }
    // A long scan runs out of fuel as it goes.
    let re = Regex::with_flags(&u("\\d+x"), &u("")).unwrap();
    let mut tight = Limits {
        fuel: 1_000,
        ..limits()
    };
    let subj = u(&"7".repeat(100_000));
    assert_eq!(
        re.find_at(&subj, 0, false, &mut tight),
        Err(Exhausted::Fuel)
    );
}

#[test]
fn repetitions_that_cannot_give_back_keep_no_choice_point() {
    // What must follow cannot match a character the repetition matched: the same
    // matches, and a failure does not try every shorter run.
    assert_eq!(g(r"^(\d+)$", "", "123"), [Some("123"), Some("123")]);
    assert_eq!(g(r"(\S+) x", "", "ab cd x"), [Some("cd x"), Some("cd")]);
    assert_eq!(g(r"([a-z]+)\.", "i", "Ab.c"), [Some("Ab."), Some("Ab")]);
    assert_eq!(g(r"a+(?:)b", "", "aab"), [Some("aab")]);
    assert_eq!(groups(r"^\d+$", "", "1234x"), None);
    // A follower the repetition can match keeps the give-backs.
    assert_eq!(g(r"\w+d", "", "abcd"), [Some("abcd")]);
    assert_eq!(g(r"[a-z]+ab", "", "xabab"), [Some("xabab")]);
    assert_eq!(g(r".+$", "m", "ab\ncd"), [Some("ab")]);
    // The scan is a step per character either way; only the kept choice point tries
    // each shorter run.
    let subj = "a".repeat(50);
    let (possessive, found) = steps_of(r"^\w+@", &subj);
    let (kept, found2) = steps_of(r"^\w+(?:@|a!)", &subj);
    assert!(!found && !found2);
    assert!(possessive < 60, "{possessive}");
    assert!(kept > 100, "{kept}");
}

#[test]
fn literal_patterns_are_known() {
    let lit = |p: &str, f: &str| {
        Regex::with_flags(&u(p), &u(f))
            .unwrap()
            .literal()
            .map(String::from_utf16_lossy)
    };
    assert_eq!(lit(r"\/", ""), Some("/".into()));
    assert_eq!(lit(", ", ""), Some(", ".into()));
    assert_eq!(lit(r"\/", "iu"), Some("/".into()));
    assert_eq!(lit("ab", "g"), Some("ab".into()));
    for (p, f) in [
        ("a", "i"),
        ("(a)", ""),
        ("a|b", ""),
        ("^a", ""),
        ("a+", ""),
        ("", ""),
        ("[a]b", ""),
        ("\u{1F600}", "u"),
        ("\u{1F600}", ""),
    ] {
        assert_eq!(lit(p, f), None, "/{p}/{f}");
    }
}
