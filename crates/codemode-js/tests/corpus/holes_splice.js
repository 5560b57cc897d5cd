const a = [1, , 3, , 5, , 7];
const removed = a.splice(1, 3, "x");
return {
  a: [a.length, Object.keys(a), JSON.stringify(a)],
  removed: [removed.length, Object.keys(removed)],
};
