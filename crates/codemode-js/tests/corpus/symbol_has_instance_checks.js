class Even { static [Symbol.hasInstance](n) { return n % 2 === 0; } }
const Duck = { [Symbol.hasInstance]: (o) => typeof o?.quack === "function" };
return [2 instanceof Even, 3 instanceof Even, ({ quack() {} }) instanceof Duck, ({}) instanceof Duck, [] instanceof Array, (() => { try { return 1 instanceof {}; } catch (e) { return e.name; } })()];
