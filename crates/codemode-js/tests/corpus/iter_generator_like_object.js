// An object with next/return/throw methods that is its own iterator (as generators are).
function counter(limit) {
  let i = 0, state = "running";
  const it = {
    next() { if (state !== "running" || i >= limit) { state = "done"; return { value: undefined, done: true }; } return { value: i++, done: false }; },
    return(v) { state = "closed"; return { value: v, done: true }; },
    throw(e) { state = "done"; throw e; },
    [Symbol.iterator]() { return this; },
  };
  return it;
}
const c = counter(10);
const firstTwo = [];
for (const v of c) { firstTwo.push(v); if (v === 1) break; }
const after = c.next();
const d = counter(3);
return { firstTwo, after, all: [...d], again: [...d] };
