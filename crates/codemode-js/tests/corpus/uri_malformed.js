// Every malformed input is a URIError "URI malformed".
const out = [];
for (const s of ["%", "%4", "%zz", "%C3", "%C3%28", "%C0%80", "%ED%A0%80", "%F4%90%80%80",
                 "%FF", "%80", "%E2%82", "%F0%9F%98", "abc%", "%%41"]) {
  try { out.push(decodeURIComponent(s)); }
  catch (e) { out.push([e.name, e.message, e instanceof URIError, e instanceof Error]); }
}
for (const s of ["\uD800", "\uDC00x", "a\uD83D", "\uDE00\uD83D"]) {
  try { out.push(encodeURIComponent(s)); } catch (e) { out.push(String(e)); }
}
out.push(encodeURIComponent("\uD83D\uDE00"));
return out;
