const re = /(\w)(\d)?/g;
const out = [];
let m;
while ((m = re.exec("a1bc2")) !== null) out.push([m[0], m[1], m[2], m.index, re.lastIndex]);
return out;
