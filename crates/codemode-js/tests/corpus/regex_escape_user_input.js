const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const needle = "a.b*(c)";
const re = new RegExp(escape(needle), "g");
return { src: re.source, count: "xa.b*(c)y a.b*(c) axb".match(re).length, esc: escape("[x]{y}|z\\") };
