const out = [];
let s = '1', n = 0;
for (let i = '0'; i < 3; i++) { n = n + i % 2 * 3; s = s + i; }
out.push(s, n);
let j = 'x'; j++; out.push(j);
let k = null; k--; out.push(k);
let u; out.push(u + 1, u * 2, u % 2);
let o = [5]; out.push(o - 1, o * 3, o / 2, o % 3);
let t = '9'; out.push(t < 10, t <= '10', t > 8, t >= '9', t + 1);
let q = 'b'; while (q < 'e') q = q + 'a' < 'c' ? 'z' : String.fromCharCode(q.charCodeAt(0) + 1);
out.push(q);
let a = 1, b = 'two'; out.push(a + b, b + a, a < b, b > a);
for (let m = 10; m > 7.5; m -= 0.5) out.push(m);
return out;
