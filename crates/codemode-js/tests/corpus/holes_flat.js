const a = [1, , [2, , 3], [[4, , 5]]];
return {
  flat: [JSON.stringify(a.flat()), a.flat().length],
  deep: [JSON.stringify(a.flat(Infinity)), a.flat(Infinity).length],
  flatMap: [1, , 3].flatMap((v) => [v, , v]).length,
};
