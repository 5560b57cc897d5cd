const a = [, "b", , "d"];
return {
  assign: Object.assign({}, a),
  spread: { ...a },
  intoArray: Object.keys(Object.assign([], a)),
  fromEntries: Object.fromEntries(Object.entries(a)),
};
