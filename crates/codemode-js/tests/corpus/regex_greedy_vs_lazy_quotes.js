const s = `say "one" then "two" and "three"`;
return { greedy: s.match(/".*"/)[0], lazy: s.match(/".*?"/g), negated: s.match(/"[^"]*"/g) };
