const a = [1, , undefined, 4, , ];
const calls = [];
const f = a.filter((v, i) => { calls.push(i); return true; });
return {
  calls,
  filtered: [f.length, JSON.stringify(f)],
  some: a.some((v) => v === undefined),
  someHoleOnly: [, , ].some(() => true),
  every: [, , ].every(() => false),
  everyUndef: a.every((v) => v !== undefined),
};
