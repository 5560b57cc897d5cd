const out = ["a.b.c".replaceAll(/\./g, "/"), "x1y2".replaceAll(/\d/g, (d) => d * 2)];
try { "abc".replaceAll(/b/, "x"); } catch (e) { out.push(e.constructor.name + ": " + e.message); }
return out;
