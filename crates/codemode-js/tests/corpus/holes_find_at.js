const a = [5, , 7];
const findCalls = [];
const found = a.find((v, i) => { findCalls.push(i); return v === undefined; });
return {
  found,
  findCalls,
  findIndex: a.findIndex((v) => v === undefined),
  findLast: a.findLast((v) => v === undefined),
  findLastIndex: a.findLastIndex((v) => v === undefined),
  at: [a.at(1), a.at(-2), a.at(5)],
};
