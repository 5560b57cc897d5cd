const o = { get fixed() { return 1; } };
o.fixed = 2;
const c = Object.create(o);
c.fixed = 3;
return [o.fixed, c.fixed, Object.keys(c)];
