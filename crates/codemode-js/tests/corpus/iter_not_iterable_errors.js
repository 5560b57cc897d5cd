const out = [];
for (const f of [() => { for (const x of {}) {} }, () => [...{}], () => { const [a] = {}; }, () => new Map({}), () => { for (const x of 5) {} }, () => { const [a] = null; }, () => { for (const x of { [Symbol.iterator]: () => 1 }) {} }, () => { for (const x of { [Symbol.iterator]() { return { next: () => 3 }; } }) {} }]) {
  try { f(); out.push("ok"); } catch (e) { out.push(e.constructor.name); }
}
return out;
