// Fraction, integer and significant digits, grouping, compact notation, sign display.
const T = (f) => { try { return f(); } catch (e) { return e.name + ": " + e.message; } };
const nums = [0, 7, -7.25, 0.5, 1.005, 999.9995, 1500, 12345, 999999, 999950, 1234567.891, 0.000123];
const opts = [{ minimumFractionDigits: 2 }, { maximumFractionDigits: 0 },
  { minimumFractionDigits: 2, maximumFractionDigits: 2 }, { maximumFractionDigits: 1 },
  { minimumIntegerDigits: 3 }, { maximumSignificantDigits: 3 }, { minimumSignificantDigits: 3 },
  { minimumSignificantDigits: 2, maximumSignificantDigits: 4 }, { useGrouping: false },
  { useGrouping: "min2" }, { notation: "compact" }, { notation: "compact", maximumFractionDigits: 2 },
  { notation: "compact", style: "currency", currency: "USD" }, { signDisplay: "always" },
  { signDisplay: "exceptZero" }, { signDisplay: "never" }, { signDisplay: "negative" },
  { minimumFractionDigits: 3, maximumFractionDigits: 1 }, { style: "currency" },
  { maximumFractionDigits: 101 }, { style: "fancy" }, { currency: "dollars", style: "currency" }];
return opts.map((o) => [JSON.stringify(o), nums.map((n) => T(() => n.toLocaleString("en-US", o)))]);
