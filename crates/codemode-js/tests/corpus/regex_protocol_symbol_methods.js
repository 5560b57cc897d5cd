// Objects that are not RegExps take part through Symbol.replace/split/match/search.
const tokenizer = {
  [Symbol.split](s, limit) { return s.trim().split(/\s+/).slice(0, limit); },
  [Symbol.search](s) { return s.indexOf("needle"); },
  [Symbol.match](s) { return s.length > 3 ? [s.slice(0, 3)] : null; },
  [Symbol.replace](s, rep) { return `${rep}(${s})`; },
};
let flagless = null;
try { "x".replaceAll(tokenizer, "all"); } catch (e) { flagless = `${e.name}: ${e.message}`; }
return [
  flagless,
  "  alpha  beta gamma ".split(tokenizer),
  "a b c d".split(tokenizer, 2),
  "haystack needle".search(tokenizer),
  "abcdef".match(tokenizer),
  "ab".match(tokenizer),
  "x".replace(tokenizer, "wrap"),
  "x".replaceAll({ [Symbol.replace]: tokenizer[Symbol.replace] }, "all"),
  typeof Symbol.split, String(Symbol.matchAll), Symbol.species.description,
];
