// Formatting BigInt amounts for a report: exact digits, en-US options.
const cents = 123456789012345678901n;
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const plain = new Intl.NumberFormat("en-US");
return {
  grouped: [(1234567n).toLocaleString(), (-9876543210n).toLocaleString(), (0n).toLocaleString(), (999n).toLocaleString("en-US")],
  currency: [(cents / 100n).toLocaleString("en-US", { style: "currency", currency: "USD" }), usd.format(-42n), usd.format(12345678901234567890n)],
  exact: plain.format(12345678901234567891n),
  options: [(1500n).toLocaleString("en-US", { notation: "compact" }), (5n).toLocaleString("en-US", { minimumFractionDigits: 2 }), (1234n).toLocaleString("en-US", { useGrouping: false }), (7n).toLocaleString("en-US", { signDisplay: "always" }), (0n).toLocaleString("en-US", { signDisplay: "exceptZero" }), (12n).toLocaleString("en-US", { style: "percent" })],
  mapped: [1n, 22n, 333n].map(plain.format),
};
