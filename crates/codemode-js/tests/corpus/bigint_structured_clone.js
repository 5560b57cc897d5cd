const src = { id: 5n, list: [1n, 2n ** 80n], wrapped: Object(7n), m: new Map([[1n, 2n]]) };
const c = structuredClone(src);
return { id: c.id === 5n, list: c.list.map(String), wrapped: typeof c.wrapped, wrappedValue: String(c.wrapped.valueOf()), m: String(c.m.get(1n)), distinct: c.wrapped !== src.wrapped };
