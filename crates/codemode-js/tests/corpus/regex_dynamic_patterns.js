const words = ["cat", "dog", "bird"];
const re = new RegExp(`\\b(?:${words.join("|")})s?\\b`, "gi");
const text = "Cats and dogs, a Bird, catalog, doghouse, birds";
return { found: text.match(re), replaced: text.replace(re, (w) => w.toUpperCase()) };
