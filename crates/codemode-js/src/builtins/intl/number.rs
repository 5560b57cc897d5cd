//! Numbers as en-US text (Intl.NumberFormat, Number.prototype.toLocaleString): grouping,
//! fraction and significant digits with ICU's half-expand rounding of the number's
//! shortest decimal form, percent, currency, compact notation and sign display.

/// How a number is written; built from the options by `super::number_options`.
#[derive(Clone, Debug)]
pub struct NumberFormat {
    pub style: Style,
    pub currency: String,
    pub currency_display: CurrencyDisplay,
    pub min_integer: usize,
    pub min_fraction: usize,
    pub max_fraction: usize,
    /// `minimumSignificantDigits`/`maximumSignificantDigits`, when given (they win).
    pub significant: Option<(usize, usize)>,
    pub grouping: Grouping,
    pub compact: bool,
    /// Compact notation without digit options: ICU's default rounding (two significant
    /// digits below 100 of a unit, whole units above).
    pub compact_default_rounding: bool,
    pub sign: SignDisplay,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Decimal,
    Percent,
    Currency,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CurrencyDisplay {
    Symbol,
    NarrowSymbol,
    Code,
    Name,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grouping {
    Always,
    Auto,
    Min2,
    Off,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignDisplay {
    Auto,
    Always,
    Never,
    ExceptZero,
    Negative,
}

/// The digits a currency shows (ISO 4217 minor units of the common ones; 2 otherwise).
pub fn currency_digits(code: &str) -> usize {
    match code {
        "JPY" | "KRW" | "VND" | "CLP" | "ISK" | "PYG" | "UGX" | "XAF" | "XOF" | "HUF" | "TWD" => 0,
        "BHD" | "KWD" | "OMR" | "JOD" | "IQD" | "LYD" | "TND" => 3,
        _ => 2,
    }
}

/// en-US currency symbols (ICU's data for the common codes); others show their code.
fn currency_symbol(code: &str, narrow: bool) -> Option<&'static str> {
    Some(match code {
        "USD" => "$",
        "EUR" => "€",
        "GBP" => "£",
        "JPY" => "¥",
        "INR" => "₹",
        "KRW" => "₩",
        "ILS" => "₪",
        "VND" => "₫",
        "NGN" if narrow => "₦",
        "PHP" => "₱",
        "CNY" if narrow => "¥",
        "CNY" => "CN¥",
        "CAD" if narrow => "$",
        "CAD" => "CA$",
        "AUD" if narrow => "$",
        "AUD" => "A$",
        "NZD" if narrow => "$",
        "NZD" => "NZ$",
        "MXN" if narrow => "$",
        "MXN" => "MX$",
        "HKD" if narrow => "$",
        "HKD" => "HK$",
        "TWD" if narrow => "$",
        "TWD" => "NT$",
        "BRL" => "R$",
        "XAF" => "FCFA",
        "XOF" => "F\u{202f}CFA",
        "RUB" if narrow => "₽",
        "UAH" if narrow => "₴",
        "TRY" if narrow => "₺",
        "PLN" if narrow => "zł",
        "SEK" | "NOK" | "DKK" if narrow => "kr",
        _ => return None,
    })
}

/// en-US plural names of the common currencies.
fn currency_name(code: &str, one: bool) -> Option<&'static str> {
    Some(match (code, one) {
        ("USD", true) => "US dollar",
        ("USD", false) => "US dollars",
        ("EUR", true) => "euro",
        ("EUR", false) => "euros",
        ("GBP", true) => "British pound",
        ("GBP", false) => "British pounds",
        ("JPY", _) => "Japanese yen",
        ("CAD", true) => "Canadian dollar",
        ("CAD", false) => "Canadian dollars",
        ("AUD", true) => "Australian dollar",
        ("AUD", false) => "Australian dollars",
        ("INR", true) => "Indian rupee",
        ("INR", false) => "Indian rupees",
        ("CNY", _) => "Chinese yuan",
        ("CHF", true) => "Swiss franc",
        ("CHF", false) => "Swiss francs",
        ("MXN", true) => "Mexican peso",
        ("MXN", false) => "Mexican pesos",
        _ => return None,
    })
}

/// A non-negative decimal: `digits` (no leading zeros unless zero) and the position of
/// the point: value = 0.d1d2d3... × 10^point.
#[derive(Clone, Debug)]
struct Decimal {
    digits: Vec<u8>,
    point: i32,
}

impl Decimal {
    /// The shortest decimal form of finite `x` (as JavaScript prints it), without sign.
    fn of(x: f64) -> Decimal {
        let mut buf = ryu_js::Buffer::new();
        let s = buf.format(x.abs());
        let (mantissa, exp) = match s.split_once('e') {
            Some((m, e)) => (m, e.parse::<i32>().unwrap_or(0)),
            None => (s, 0),
        };
        let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let mut digits: Vec<u8> = int.bytes().chain(frac.bytes()).map(|b| b - b'0').collect();
        let mut point = int.len() as i32 + exp;
        while digits.len() > 1 && digits[0] == 0 {
            digits.remove(0);
            point -= 1;
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits == [0] {
            point = 1;
        }
        Decimal { digits, point }
    }

    fn is_zero(&self) -> bool {
        self.digits.iter().all(|d| *d == 0)
    }

    /// Keeps `keep` leading digits, rounding half away from zero.
    fn round_digits(&mut self, keep: i64) {
        if keep < 0 {
            *self = Decimal {
                digits: vec![0],
                point: 1,
            };
            return;
        }
        let keep = keep as usize;
        if keep >= self.digits.len() {
            return;
        }
        let up = self.digits[keep] >= 5;
        self.digits.truncate(keep);
        if up {
            let mut i = keep;
            loop {
                if i == 0 {
                    self.digits.insert(0, 1);
                    self.point += 1;
                    break;
                }
                i -= 1;
                if self.digits[i] == 9 {
                    self.digits[i] = 0;
                } else {
                    self.digits[i] += 1;
                    break;
                }
            }
        }
        while self.digits.len() > 1 && self.digits.last() == Some(&0) {
            self.digits.pop();
        }
        if self.digits.is_empty() || self.is_zero() {
            *self = Decimal {
                digits: vec![0],
                point: 1,
            };
        }
    }

    fn round_fraction(&mut self, max_fraction: usize) {
        if self.is_zero() {
            return;
        }
        self.round_digits(self.point as i64 + max_fraction as i64);
    }

    /// (integer digits, fraction digits) as text.
    fn parts(&self, min_fraction: usize) -> (String, String) {
        let digit = |i: i32| -> char {
            if i >= 0 && (i as usize) < self.digits.len() && !self.is_zero() {
                (b'0' + self.digits[i as usize]) as char
            } else {
                '0'
            }
        };
        let int: String = if self.point <= 0 || self.is_zero() {
            "0".into()
        } else {
            (0..self.point).map(digit).collect()
        };
        let frac_len = (self.digits.len() as i32 - self.point).max(0) as usize;
        let frac_len = if self.is_zero() { 0 } else { frac_len };
        let frac: String = (0..frac_len.max(min_fraction) as i32)
            .map(|k| digit(self.point + k))
            .collect();
        (int, frac)
    }
}

/// A no-break space between a currency code and digits, nothing before NaN or ∞.
fn spacing(body: &str) -> &'static str {
    if body.starts_with(|c: char| c.is_ascii_digit()) {
        "\u{a0}"
    } else {
        ""
    }
}

fn group(int: &str, grouping: Grouping) -> String {
    let n = int.len();
    let threshold = match grouping {
        Grouping::Off => return int.to_string(),
        Grouping::Min2 => 5,
        _ => 4,
    };
    if n < threshold {
        return int.to_string();
    }
    let mut out = String::with_capacity(n + n / 3);
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (n - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

impl NumberFormat {
    pub fn format(&self, x: f64) -> String {
        let negative = x.is_sign_negative() && !x.is_nan();
        let (body, zero) = if x.is_nan() {
            ("NaN".to_string(), false)
        } else if x.is_infinite() {
            ("∞".to_string(), false)
        } else {
            self.digits_text(Decimal::of(x))
        };
        self.finish(negative, x.is_nan(), body, zero)
    }

    /// An integer given by its decimal digits (a BigInt's, exactly: no rounding through a
    /// Number).
    pub fn format_integer(&self, negative: bool, digits: &str) -> String {
        let mut d = Decimal {
            digits: digits.bytes().map(|b| b.wrapping_sub(b'0')).collect(),
            point: digits.len() as i32,
        };
        while d.digits.len() > 1 && d.digits.last() == Some(&0) {
            d.digits.pop();
        }
        if d.is_zero() {
            d = Decimal::of(0.0);
        }
        let (body, zero) = self.digits_text(d);
        self.finish(negative && !zero, false, body, zero)
    }

    /// The sign and the style's decoration around the digits `body`.
    fn finish(&self, negative: bool, nan: bool, body: String, zero: bool) -> String {
        let x_is_nan = nan;
        let sign = match self.sign {
            SignDisplay::Auto if negative => "-",
            SignDisplay::Always if negative => "-",
            SignDisplay::Always => "+",
            SignDisplay::ExceptZero if zero || x_is_nan => "",
            SignDisplay::ExceptZero if negative => "-",
            SignDisplay::ExceptZero => "+",
            SignDisplay::Negative if negative && !zero => "-",
            _ => "",
        };
        match self.style {
            Style::Decimal => format!("{sign}{body}"),
            Style::Percent => format!("{sign}{body}%"),
            Style::Currency => {
                let code = self.currency.as_str();
                match self.currency_display {
                    CurrencyDisplay::Name => {
                        // en-US's plural "one" is exactly 1 with no fraction digits shown.
                        let one = body == "1";
                        match currency_name(code, one) {
                            Some(name) => format!("{sign}{body} {name}"),
                            None => format!("{sign}{body} {code}"),
                        }
                    }
                    // A code is spaced from digits only (ICU's currency spacing).
                    CurrencyDisplay::Code => format!("{sign}{code}{}{body}", spacing(&body)),
                    display => {
                        match currency_symbol(code, display == CurrencyDisplay::NarrowSymbol) {
                            Some(sym) => format!("{sign}{sym}{body}"),
                            None => format!("{sign}{code}{}{body}", spacing(&body)),
                        }
                    }
                }
            }
        }
    }

    /// The digits of |d| with grouping and the compact suffix, and whether they are zero.
    fn digits_text(&self, mut d: Decimal) -> (String, bool) {
        if self.style == Style::Percent && !d.is_zero() {
            d.point += 2;
        }
        let mut suffix = "";
        if self.compact {
            let (rounded, s) = self.compact_round(d);
            d = rounded;
            suffix = s;
        } else {
            self.round(&mut d);
        }
        let min_fraction = match self.significant {
            // Enough fraction digits for the minimum of significant ones (zero counts one).
            Some((min_sig, _)) => (min_sig as i32 - d.point).max(0) as usize,
            None if self.compact_default_rounding => 0,
            None => self.min_fraction,
        };
        let (int, frac) = d.parts(min_fraction);
        let int = format!("{:0>width$}", int, width = self.min_integer);
        let int = group(&int, self.grouping);
        let zero = d.is_zero();
        let body = if frac.is_empty() {
            int
        } else {
            format!("{int}.{frac}")
        };
        (format!("{body}{suffix}"), zero)
    }

    fn round(&self, d: &mut Decimal) {
        match self.significant {
            Some((_, max_sig)) => {
                if !d.is_zero() {
                    d.round_digits(max_sig as i64);
                }
            }
            None => d.round_fraction(self.max_fraction),
        }
    }

    /// Compact notation: thousands, millions, billions, trillions; by default two
    /// significant digits below 100 of a unit, whole units above.
    fn compact_round(&self, d: Decimal) -> (Decimal, &'static str) {
        const SUFFIXES: [&str; 5] = ["", "K", "M", "B", "T"];
        let mut level = if d.is_zero() {
            0
        } else {
            ((d.point - 1).max(0) / 3).min(4) as usize
        };
        loop {
            let mut scaled = d.clone();
            if !scaled.is_zero() {
                scaled.point -= 3 * level as i32;
            }
            if !self.compact_default_rounding {
                self.round(&mut scaled);
            } else if scaled.point > 1 {
                scaled.round_fraction(0);
            } else if !scaled.is_zero() {
                scaled.round_digits(2);
            }
            // 999,950 rounds to 1000K: write it as 1M.
            if level < 4 && scaled.point > 3 {
                level += 1;
                continue;
            }
            return (scaled, SUFFIXES[level]);
        }
    }
}
