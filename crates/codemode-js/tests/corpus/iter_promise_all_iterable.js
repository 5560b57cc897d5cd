const jobs = new Set([Promise.resolve(1), 2, Promise.resolve(3)]);
const all = await Promise.all(jobs);
const settled = await Promise.allSettled(new Map([[1, "a"]]).values());
const race = await Promise.race({ [Symbol.iterator]() { let done = false; return { next: () => done ? { done: true } : (done = true, { value: "first", done: false }) }; } });
let err;
try { await Promise.all(42); } catch (e) { err = e.constructor.name; }
return { all, settled, race, err };
