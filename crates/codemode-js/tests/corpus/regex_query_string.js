const qs = "?q=rust+lang&page=2&tag=a&tag=b&empty=&flag";
const params = {};
qs.replace(/^\?/, "").split("&").forEach((pair) => {
  const m = /^([^=]*)(?:=(.*))?$/.exec(pair);
  const k = m[1], v = (m[2] ?? "").replace(/\+/g, " ");
  (params[k] ??= []).push(v);
});
return params;
