// Money in cents: no floating point drift.
const items = [{ name: "widget", cents: 1999n, qty: 3n }, { name: "gadget", cents: 250000n, qty: 2n }, { name: "bolt", cents: 5n, qty: 1000n }];
const subtotal = items.reduce((s, it) => s + it.cents * it.qty, 0n);
const taxBps = 825n; // 8.25 %
const tax = (subtotal * taxBps + 5000n) / 10000n;
const total = subtotal + tax;
const fmt = (c) => `${c < 0n ? "-" : ""}$${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, "0")}`;
return { subtotal: fmt(subtotal), tax: fmt(tax), total: fmt(total), refund: fmt(-1234n) };
