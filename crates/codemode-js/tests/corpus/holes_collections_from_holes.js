const s = new Set([1, , 1, , 2]);
let mapErr = null;
try { new Map([[1, 2], , ]); } catch (e) { mapErr = e.constructor.name; }
let entriesErr = null;
try { Object.fromEntries([["a", 1], , ]); } catch (e) { entriesErr = e.constructor.name; }
return {
  set: [...s].map((v) => String(v)),
  mapErr,
  entriesErr,
  promise: await Promise.all([1, , Promise.resolve(3)]).then((v) => [v.length, 1 in v, v[1] === undefined]),
};
