// Reconciling a ledger whose amounts come as strings of micro-units.
const rows = [
  { acct: "ops", amount: "1234567890123" }, { acct: "ops", amount: "-234567890123" },
  { acct: "eng", amount: "999999999999999999" }, { acct: "eng", amount: "1" }, { acct: "ops", amount: "0" },
];
const totals = {};
for (const r of rows) totals[r.acct] = (totals[r.acct] ?? 0n) + BigInt(r.amount);
const grand = Object.values(totals).reduce((a, b) => a + b, 0n);
const toUnits = (micro) => `${micro / 1000000n}.${String((micro < 0n ? -micro : micro) % 1000000n).padStart(6, "0")}`;
return { totals: Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, toUnits(v)])), grand: toUnits(grand), balanced: grand === 1001000000000000000n };
