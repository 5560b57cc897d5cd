const s = Symbol("k");
const o = {};
o[s] = 1;
o["Symbol(k)"] = 2;
o[String(s)] = 3;
return { sym: o[s], str: o["Symbol(k)"], keys: Object.keys(o), count: Object.getOwnPropertySymbols(o).length };
