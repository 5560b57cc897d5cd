const big = { valueOf() { return 10n; } };
const str = { toString() { return "5"; } };
const out = [big + 1n, big * 2n, -big, big > 9n, big == 10n, big - 1n, `${big}`, String(big + 0n)];
let c = { valueOf() { return 5n; } };
c++;
out.push(c);
const mixed = (() => { try { return big + 1; } catch (e) { return e.name; } })();
return { out: out.map((v) => typeof v === "bigint" ? v.toString() + "n" : v), mixed, sumStr: str + 1n };
