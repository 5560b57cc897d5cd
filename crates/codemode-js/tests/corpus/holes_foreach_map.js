const a = [1, , 3, , 5];
const visited = [];
a.forEach((v, i) => visited.push(i));
const m = a.map((v) => v * 10);
return {
  visited,
  mapped: [m.length, Object.keys(m), 1 in m, JSON.stringify(m)],
  mapCalls: (() => { let n = 0; new Array(4).map(() => n++); return n; })(),
};
