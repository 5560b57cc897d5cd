// The v mode complements the case-folded set under i: \P{Lu} then matches no cased letter.
const probes = ["A", "a", "0", "K", "\u212a", "\u00e9", "\u00c9", "_"];
const patterns = [/\P{Lu}/vi, /\P{Lu}/ui, /[^\P{Lu}]/vi, /[\P{Lu}--\d]/vi, /\P{Ll}/vi, /[^\p{Lu}]/vi, /\P{Lu}/v];
return patterns.map((re) => [String(re), probes.filter((p) => re.test(p)).join("")]);
