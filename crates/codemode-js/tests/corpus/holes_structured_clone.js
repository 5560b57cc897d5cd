const a = [1, , 3];
const c = structuredClone(a);
return { keys: Object.keys(c), len: c.length, has: 1 in c };
