// Build request URLs for a search API from user-provided filters.
const base = "https://api.example.com/v1/search";
const queries = [
  { q: "hello world", tag: "a&b", lang: "fr-CA" },
  { q: "café résumé", page: 2, sort: "-date" },
  { q: "50% off?", path: "/docs/intro#top" },
];
const urls = queries.map((params) => base + "?" + Object.entries(params)
  .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
  .join("&"));
const parsed = urls.map((u) => Object.fromEntries(u.split("?")[1].split("&")
  .map((pair) => pair.split("=").map(decodeURIComponent))));
return { urls, roundTrip: parsed.every((p, i) => Object.keys(queries[i]).every((k) => p[k] === String(queries[i][k]))) };
