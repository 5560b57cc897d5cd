const n = 2n ** 100n;
const tag = (s, ...v) => s.raw.join("|") + v.map((x) => typeof x).join(",");
return [`value=${n}`, `${-1n}${0n}`, tag`a${1n}b${2}c`, `${[1n, 2n]}`, `${{ toString() { return `${3n}`; } }}`];
