// Percent and currency styles with the displays people use.
const nums = [0, 1, -1, 0.075, 1234.5, -9876.545, 1e6, NaN, -Infinity];
const opts = [{ style: "percent" }, { style: "percent", maximumFractionDigits: 1 },
  { style: "currency", currency: "USD" }, { style: "currency", currency: "EUR" },
  { style: "currency", currency: "JPY" }, { style: "currency", currency: "GBP", currencyDisplay: "code" },
  { style: "currency", currency: "usd", currencyDisplay: "name" }, { style: "currency", currency: "CHF" },
  { style: "currency", currency: "CAD" }, { style: "currency", currency: "INR" },
  { style: "currency", currency: "AUD", currencyDisplay: "narrowSymbol" },
  { style: "currency", currency: "USD", signDisplay: "always" },
  { style: "currency", currency: "USD", minimumFractionDigits: 0 }];
return opts.map((o) => [JSON.stringify(o), nums.map((n) => n.toLocaleString("en-US", o))]);
