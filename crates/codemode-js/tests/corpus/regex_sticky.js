const re = /\d+/y;
const s = "12 34";
const a = re.exec(s);
const b = re.exec(s);
re.lastIndex = 3;
const c = re.exec(s);
return [a && a[0], b, re.lastIndex, c && c[0], re.lastIndex];
