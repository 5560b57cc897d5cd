const cases = [Symbol(), Symbol(undefined), Symbol(""), Symbol(null), Symbol(123), Symbol.for(), Symbol.for(undefined)];
return cases.map((s) => [s.description === undefined ? "undef" : s.description, s.toString()]);
