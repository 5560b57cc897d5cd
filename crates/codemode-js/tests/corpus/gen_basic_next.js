function* count(n) { for (let i = 0; i < n; i++) yield i; return 'end'; }
const g = count(3);
const out = [g.next(), g.next(), g.next(), g.next(), g.next()];
return out;
