const a = ["a", , "c"];
return {
  keys: [...a.keys()],
  values: [...a.values()].map((v) => (v === undefined ? "u" : v)),
  entries: [...a.entries()].map(([i, v]) => i + ":" + String(v)),
  set: [...new Set([1, , 1])].length,
  map: new Map([[1, 2], , ].filter(Boolean)).size,
};
