const a = [1, 2]; a.push(a);
const b = [a, [a, 3]];
const c = []; c[0] = c; c[1] = [c, "x"];
const nested = [1, [2, [3, [4, [5]]]], null, undefined, [[]]];
let deep = [0]; for (let i = 0; i < 300; i++) deep = [deep, i];
return [a.join(), a.join("-"), String(a), `${a}`, a + "", b.join("|"), c.join(), String(c), nested.join(), nested.toString(), [a, a].join(), Array.prototype.join.call({length: 2, 0: a, 1: "z"}), [[1, 2], [3]].join(";"), deep.join().length];
