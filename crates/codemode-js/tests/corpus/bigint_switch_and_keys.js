const kind = (v) => { switch (v) { case 1: return "number"; case 1n: return "bigint"; default: return "other"; } };
const counts = {};
for (const v of [1n, 1n, 2n, 1, 2n ** 64n]) counts[v] = (counts[v] ?? 0) + 1;
return { kinds: [kind(1), kind(1n), kind("1")], counts };
