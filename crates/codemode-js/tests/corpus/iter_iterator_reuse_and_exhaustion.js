const arr = [1, 2, 3];
const it = arr.values();
const first = [];
for (const x of it) { first.push(x); if (x === 1) break; }
const rest = [...it];
const again = [...it];
const mi = new Map([[1, 1], [2, 2]]).keys();
mi.next();
return { first, rest, again, mapRest: [...mi] };
