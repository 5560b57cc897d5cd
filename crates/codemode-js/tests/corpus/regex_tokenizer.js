const src = "let x = 42 + foo(3.5, 'hi') // done";
const re = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_]\w*)|('(?:[^'\\]|\\.)*')|(\/\/.*)|(\S))/y;
const toks = [];
while (re.lastIndex < src.length) {
  const m = re.exec(src);
  if (!m) break;
  if (m[1]) toks.push(["num", m[1]]);
  else if (m[2]) toks.push(["id", m[2]]);
  else if (m[3]) toks.push(["str", m[3]]);
  else if (m[4]) toks.push(["comment", m[4]]);
  else if (m[5]) toks.push(["punct", m[5]]);
}
return toks;
