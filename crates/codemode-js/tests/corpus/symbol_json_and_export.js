const s = Symbol("v");
const data = { a: 1, b: s, [s]: "hidden", list: [s, 2] };
return { json: JSON.stringify(data), arr: JSON.stringify([s]), top: JSON.stringify(s), data };
