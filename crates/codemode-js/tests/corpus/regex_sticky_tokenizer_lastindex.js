const re = /\s*(\w+|[=;])/y;
const src = "a = b; c = d;";
const toks = [];
let m;
while ((m = re.exec(src))) toks.push(m[1]);
return { toks, lastIndex: re.lastIndex };
