const ini = "; comment\n[server]\nhost = example.com\nport=8080\n\n[db]\nuser = admin ; inline\nname=\"prod\"\n";
const out = {};
let section = null;
for (const line of ini.split(/\r?\n/)) {
  let m;
  if (/^\s*(;|$)/.test(line)) continue;
  if ((m = line.match(/^\s*\[([^\]]+)\]\s*$/))) { section = out[m[1]] = {}; continue; }
  if ((m = line.match(/^\s*([\w.]+)\s*=\s*(.*?)\s*(?:;.*)?$/))) section[m[1]] = m[2].replace(/^"(.*)"$/, "$1");
}
return out;
