const o = { get a() { return 1; } };
Object.defineProperty(o, 'a', { value: 5, writable: true });
const d1 = Object.getOwnPropertyDescriptor(o, 'a');
Object.defineProperty(o, 'a', { get() { return 7; } });
const d2 = Object.getOwnPropertyDescriptor(o, 'a');
Object.defineProperty(o, 'a', { enumerable: false });
return [o.a, d1.value, d1.writable, d1.enumerable, typeof d2.get, d2.enumerable, Object.keys(o)];
