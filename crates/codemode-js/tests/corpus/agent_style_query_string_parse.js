// Parse query strings from logged request lines, tolerating bad escapes.
const lines = [
  "GET /items?name=blue%20shirt&size=M&tags=summer%2Csale",
  "GET /items?name=%E2%9C%93%20done&size=L",
  "GET /items?name=broken%E2%82&size=S",
  "GET /items?empty=&flag",
];
const parse = (qs) => {
  const out = {};
  for (const part of qs.split("&")) {
    const [k, v = ""] = part.split("=");
    try { out[decodeURIComponent(k)] = decodeURIComponent(v.replaceAll("+", " ")); }
    catch (e) { out[k] = { error: e.name }; }
  }
  return out;
};
return lines.map((l) => parse(l.slice(l.indexOf("?") + 1)));
