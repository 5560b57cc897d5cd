const out = [];
for (const [p, f] of [["(", ""], ["a**", ""], ["[b-a]", ""], ["\\p{Foo}", "u"], ["x{2,1}", ""], ["a", "gg"], ["a", "z"], ["(?<n>a)(?<n>b)", ""], ["\\k<x>", "u"]]) {
  try { new RegExp(p, f); out.push("ok"); } catch (e) { out.push(e.name + ": " + e.message); }
}
return out;
