const a = [, 1, , 2, , ];
const idx = [];
const sum = a.reduce((acc, v, i) => { idx.push(i); return acc + v; });
const idxR = [];
const sumR = a.reduceRight((acc, v, i) => { idxR.push(i); return acc + v; }, 100);
let err = null;
try { [, , ].reduce((x, y) => x + y); } catch (e) { err = e.constructor.name + ": " + e.message; }
return { sum, idx, sumR, idxR, err };
