const fact = (n) => { let r = 1n; for (let i = 2n; i <= n; i++) r *= i; return r; };
const f50 = fact(50n);
return { f25: fact(25n).toString(), f50digits: f50.toString().length, trailingZeros: f50.toString().match(/0+$/)[0].length, f20: String(Number(fact(20n))) };
