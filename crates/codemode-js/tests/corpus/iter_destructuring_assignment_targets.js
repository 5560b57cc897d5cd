const o = {}, arr = [];
const pairs = new Map([["k1", "v1"], ["k2", "v2"]]);
[o.first, arr[0]] = pairs.keys();
[o.rest, ...arr[1]] = "hello";
let m, n;
for ([m, n] of pairs) o[m] = n;
return { o, arr };
