//! Sets of characters (code points, or code units outside the `u`/`v` modes) as sorted,
//! disjoint, non-adjacent inclusive ranges; the Unicode property tables; case folding.

use std::collections::HashMap;
use std::sync::OnceLock;

/// The largest code point.
pub const MAX_CP: u32 = 0x10FFFF;

/// A set of characters: sorted, disjoint, non-adjacent inclusive ranges.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CharSet {
    ranges: Vec<(u32, u32)>,
}

impl CharSet {
    /// The empty set.
    pub fn new() -> CharSet {
        CharSet::default()
    }
    /// One character.
    pub fn single(c: u32) -> CharSet {
        CharSet {
            ranges: vec![(c, c)],
        }
    }
    /// The set of the given ranges (any order, may overlap).
    pub fn from_ranges(mut ranges: Vec<(u32, u32)>) -> CharSet {
        ranges.sort_unstable();
        let mut out: Vec<(u32, u32)> = Vec::with_capacity(ranges.len());
        for (a, b) in ranges {
            if let Some(last) = out.last_mut() {
                if a <= last.1.saturating_add(1) {
                    last.1 = last.1.max(b);
                    continue;
                }
            }
            out.push((a, b));
        }
        CharSet { ranges: out }
    }
    /// The ranges, sorted.
    pub fn ranges(&self) -> &[(u32, u32)] {
        &self.ranges
    }
    /// Adds one range.
    pub fn add(&mut self, a: u32, b: u32) {
        // Appending in order (the common case while parsing) keeps this linear.
        match self.ranges.last_mut() {
            None => self.ranges.push((a, b)),
            Some(last) if a > last.1.saturating_add(1) => self.ranges.push((a, b)),
            Some(last) if a >= last.0 => last.1 = last.1.max(b),
            _ => {
                let mut r = std::mem::take(&mut self.ranges);
                r.push((a, b));
                *self = CharSet::from_ranges(r);
            }
        }
    }
    /// Adds every character of `other`.
    pub fn union(&mut self, other: &CharSet) {
        let mut r = std::mem::take(&mut self.ranges);
        r.extend_from_slice(&other.ranges);
        *self = CharSet::from_ranges(r);
    }
    /// The characters up to `max` not in this set.
    pub fn complement(&self, max: u32) -> CharSet {
        let mut out = Vec::new();
        let mut next = 0u32;
        for &(a, b) in &self.ranges {
            if a > max {
                break;
            }
            if a > next {
                out.push((next, a - 1));
            }
            next = b.saturating_add(1);
        }
        if next <= max {
            out.push((next, max));
        }
        CharSet { ranges: out }
    }
    /// The characters in both sets.
    pub fn intersect(&self, other: &CharSet) -> CharSet {
        let (mut i, mut j) = (0, 0);
        let mut out = Vec::new();
        while i < self.ranges.len() && j < other.ranges.len() {
            let (a, b) = self.ranges[i];
            let (c, d) = other.ranges[j];
            let lo = a.max(c);
            let hi = b.min(d);
            if lo <= hi {
                out.push((lo, hi));
            }
            if b < d {
                i += 1;
            } else {
                j += 1;
            }
        }
        CharSet { ranges: out }
    }
    /// The characters of this set not in `other`.
    pub fn subtract(&self, other: &CharSet) -> CharSet {
        self.intersect(&other.complement(MAX_CP))
    }
    /// Whether `c` is in the set.
    #[inline]
    pub fn contains(&self, c: u32) -> bool {
        let r = &self.ranges;
        if r.len() <= 4 {
            return r.iter().any(|&(a, b)| a <= c && c <= b);
        }
        let i = r.partition_point(|&(_, b)| b < c);
        i < r.len() && r[i].0 <= c
    }
    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }
    /// The only character of a one-character set.
    pub fn as_single(&self) -> Option<u32> {
        match self.ranges.as_slice() {
            [(a, b)] if a == b => Some(*a),
            _ => None,
        }
    }
    /// Closes the set under the case folding `fold`: adds every character equivalent to a
    /// member (ECMAScript's "Canonicalize(a) = Canonicalize(ch) for some a in A").
    pub fn close_over(&mut self, fold: &Folding) {
        let mut extra = Vec::new();
        for &(c, rep) in &fold.chars {
            if self.contains(c) {
                if let Some(group) = fold.groups.get(&rep) {
                    extra.extend(group.iter().map(|&g| (g, g)));
                }
            }
        }
        if !extra.is_empty() {
            extra.extend_from_slice(&self.ranges);
            *self = CharSet::from_ranges(extra);
        }
    }
}

/// An equivalence of characters under a Canonicalize: every character that is not alone
/// in its class, with its class's representative.
pub struct Folding {
    /// (character, representative), sorted by character.
    chars: Vec<(u32, u32)>,
    groups: HashMap<u32, Vec<u32>>,
}

impl Folding {
    fn build(pairs: Vec<(u32, u32)>) -> Folding {
        let mut groups: HashMap<u32, Vec<u32>> = HashMap::new();
        for &(c, rep) in &pairs {
            groups.entry(rep).or_default().push(c);
        }
        // Keep only classes with two or more members.
        groups.retain(|_, g| g.len() > 1);
        let mut chars: Vec<(u32, u32)> = pairs
            .into_iter()
            .filter(|(_, rep)| groups.contains_key(rep))
            .collect();
        chars.sort_unstable();
        Folding { chars, groups }
    }
    /// The representative of `c`'s class (`c` itself when it is alone).
    #[inline]
    pub fn canonical(&self, c: u32) -> u32 {
        match self.chars.binary_search_by_key(&c, |&(x, _)| x) {
            Ok(i) => self.chars[i].1,
            Err(_) => c,
        }
    }
}

/// ECMAScript's Canonicalize outside the `u`/`v` modes: the code unit's toUpperCase when
/// that is one code unit, unless it maps a non-ASCII unit to an ASCII one.
fn upper_canonical(u: u32) -> u32 {
    let Some(c) = char::from_u32(u) else {
        return u;
    };
    let mut up = c.to_uppercase();
    match (up.next(), up.next()) {
        (Some(x), None) if (x as u32) <= 0xFFFF && !(u >= 128 && (x as u32) < 128) => x as u32,
        _ => u,
    }
}

/// The equivalence of the non-unicode mode (toUpperCase), over the code units.
pub fn upper_folding() -> &'static Folding {
    static F: OnceLock<Folding> = OnceLock::new();
    F.get_or_init(|| {
        let mut pairs = Vec::new();
        for u in 0..=0xFFFFu32 {
            let k = upper_canonical(u);
            if k != u {
                pairs.push((u, k));
                pairs.push((k, k));
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        Folding::build(pairs)
    })
}

/// The equivalence of the `u`/`v` modes: simple case folding (orbits closed by
/// regex-syntax), represented by the smallest member of each orbit.
pub fn simple_folding() -> &'static Folding {
    static F: OnceLock<Folding> = OnceLock::new();
    F.get_or_init(|| {
        use regex_syntax::hir::{ClassUnicode, ClassUnicodeRange};
        let mut pairs = Vec::new();
        for u in 0..0x20000u32 {
            let Some(c) = char::from_u32(u) else {
                continue;
            };
            let lower = c.to_lowercase();
            let upper = c.to_uppercase();
            if lower.eq(std::iter::once(c)) && upper.eq(std::iter::once(c)) {
                continue;
            }
            let mut cls = ClassUnicode::new([ClassUnicodeRange::new(c, c)]);
            cls.case_fold_simple();
            let min = cls.ranges().first().map(|r| r.start() as u32).unwrap_or(u);
            let members: Vec<u32> = cls
                .ranges()
                .iter()
                .flat_map(|r| r.start() as u32..=r.end() as u32)
                .collect();
            if members.len() > 1 {
                for m in members {
                    pairs.push((m, min));
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        Folding::build(pairs)
    })
}

/// `\d`.
pub fn digits() -> CharSet {
    CharSet::from_ranges(vec![(0x30, 0x39)])
}
/// `\w`; with `unicode_ci` (flags `i` with `u` or `v`) also the characters that fold to
/// an ASCII word character (U+017F, U+212A), as ECMAScript's WordCharacters.
pub fn word(unicode_ci: bool) -> CharSet {
    let mut v = vec![(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)];
    if unicode_ci {
        v.push((0x17F, 0x17F));
        v.push((0x212A, 0x212A));
    }
    CharSet::from_ranges(v)
}
/// `\s`: WhiteSpace and LineTerminator.
pub fn space() -> CharSet {
    CharSet::from_ranges(vec![
        (0x09, 0x0D),
        (0x20, 0x20),
        (0xA0, 0xA0),
        (0x1680, 0x1680),
        (0x2000, 0x200A),
        (0x2028, 0x2029),
        (0x202F, 0x202F),
        (0x205F, 0x205F),
        (0x3000, 0x3000),
        (0xFEFF, 0xFEFF),
    ])
}
/// Whether `c` is a LineTerminator.
#[inline]
pub fn is_line_terminator(c: u32) -> bool {
    c == 0x0A || c == 0x0D || c == 0x2028 || c == 0x2029
}

/// The set a `\p{name}` or `\p{name=value}` escape denotes, by ECMAScript's names; `None`
/// for a name ECMAScript does not accept.
pub fn property(name: &str, value: Option<&str>) -> Option<CharSet> {
    use icu_properties::props::{GeneralCategory, GeneralCategoryGroup, Script};
    use icu_properties::{
        script::ScriptWithExtensions, CodePointMapData, CodePointSetData, PropertyParser,
    };
    let from_iter = |it: &mut dyn Iterator<Item = std::ops::RangeInclusive<u32>>| {
        CharSet::from_ranges(it.map(|r| (*r.start(), *r.end())).collect())
    };
    let gc = |v: &str| -> Option<CharSet> {
        let group = PropertyParser::<GeneralCategoryGroup>::new().get_strict(v)?;
        let map = CodePointMapData::<GeneralCategory>::new();
        Some(from_iter(&mut map.iter_ranges_for_group(group)))
    };
    match value {
        Some(v) => match name {
            "General_Category" | "gc" => gc(v),
            "Script" | "sc" => {
                let s = PropertyParser::<Script>::new().get_strict(v)?;
                let map = CodePointMapData::<Script>::new();
                Some(from_iter(&mut map.iter_ranges_for_value(s)))
            }
            "Script_Extensions" | "scx" => {
                let s = PropertyParser::<Script>::new().get_strict(v)?;
                let swe = ScriptWithExtensions::new();
                Some(from_iter(&mut swe.get_script_extensions_ranges(s)))
            }
            _ => None,
        },
        None => match name {
            "Any" => Some(CharSet::from_ranges(vec![(0, MAX_CP)])),
            "ASCII" => Some(CharSet::from_ranges(vec![(0, 0x7F)])),
            "Assigned" => {
                let map = CodePointMapData::<GeneralCategory>::new();
                let unassigned =
                    from_iter(&mut map.iter_ranges_for_value(GeneralCategory::Unassigned));
                Some(unassigned.complement(MAX_CP))
            }
            _ => {
                if let Some(set) = CodePointSetData::new_for_ecma262(name.as_bytes()) {
                    return Some(from_iter(&mut set.iter_ranges()));
                }
                gc(name)
            }
        },
    }
}
