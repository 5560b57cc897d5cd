const log = [];
const source = {
  [Symbol.asyncIterator]() {
    let i = 0;
    return {
      next: async () => { log.push('next'); return i < 3 ? { value: i++ * 10, done: false } : { value: 'end', done: true }; },
      return: async () => { log.push('return'); return { done: true }; },
    };
  },
};
const seen = [];
for await (const v of source) seen.push(v);
for await (const v of source) { seen.push(v); break; }
let bad;
try { for await (const v of { [Symbol.asyncIterator]: () => ({ next: () => 1 }) }) {} } catch (e) { bad = e.message; }
return { seen, log, bad };
