// An agent walks a paginated API through an iterable wrapper.
const pages = [[{ id: 1, ok: true }, { id: 2, ok: false }], [{ id: 3, ok: true }], []];
const cursor = {
  calls: 0,
  [Symbol.iterator]() {
    let page = 0, idx = 0;
    const self = this;
    return {
      next() {
        while (page < pages.length && idx >= pages[page].length) { page++; idx = 0; self.calls++; }
        if (page >= pages.length) return { done: true, value: undefined };
        return { done: false, value: pages[page][idx++] };
      },
      return() { self.closed = true; return { done: true }; },
    };
  },
};
const okIds = [];
for (const item of cursor) { if (item.ok) okIds.push(item.id); }
let firstBad;
for (const item of cursor) { if (!item.ok) { firstBad = item.id; break; } }
return { okIds, firstBad, calls: cursor.calls, closed: cursor.closed };
