const log = [];
const bad = (where) => ({
  [Symbol.iterator]() {
    if (where === "init") throw new Error("init");
    let i = 0;
    return {
      next() { if (where === "next" && i === 1) throw new Error("next"); return { value: i++, done: false }; },
      return() { log.push("return " + where); if (where === "return") throw new Error("return"); return {}; },
    };
  },
});
for (const w of ["init", "next", "return", "body"]) {
  try { for (const x of bad(w)) { if (w === "body") throw new Error("body"); if (x === 2) break; } log.push("done " + w); }
  catch (e) { log.push("caught " + e.message); }
}
try { for (const x of bad("return")) throw new Error("first"); } catch (e) { log.push("caught " + e.message); }
return log;
