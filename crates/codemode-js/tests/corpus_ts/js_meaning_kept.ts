const a = 1, b = 2, c = 3;
const r1 = a < b > c;
const r2 = (a < b) > (c);
const r3 = a < b && c > a;
const obj = { x: a ? b : c, y: a < b ? "lt" : "ge" };
let out: string[] = [];
switch (a) {
  case (b - 1): { out.push("case"); break; }
  default: out.push("default");
}
label: for (const i of [1, 2]) { if (i === 2) break label; out.push(String(i)); }
if (a) !b;
const t = a ? (b) : c;
return { r1, r2, r3, obj, out, t };
