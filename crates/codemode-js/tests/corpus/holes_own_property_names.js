const a = [, "b", , "d"];
a.extra = true;
return {
  names: Object.getOwnPropertyNames(a),
  keys: Object.keys(a),
  entries: Object.entries(a),
  values: Object.values(a),
  descs: Object.keys(Object.getOwnPropertyDescriptors(a)),
  symbols: Object.getOwnPropertySymbols(a).length,
};
