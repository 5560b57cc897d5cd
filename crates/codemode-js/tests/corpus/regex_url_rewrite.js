const urls = ["http://example.com/a?x=1&y=2", "https://sub.example.org:8080/path/to#frag", "ftp://nope", "https://example.com"];
const re = /^(https?):\/\/([^/:?#]+)(?::(\d+))?(\/[^?#]*)?(?:\?([^#]*))?(?:#(.*))?$/;
return urls.map((u) => {
  const m = u.match(re);
  if (!m) return null;
  const [, scheme, host, port, path, query, frag] = m;
  const params = {};
  if (query) for (const kv of query.split("&")) { const [k, v] = kv.split("="); params[k] = v; }
  return { scheme, host, port: port ?? null, path: path ?? "/", params, frag: frag ?? null, secure: u.replace(/^http:/, "https:") };
});
