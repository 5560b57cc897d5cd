let reads = 0;
const src = { get x() { reads++; return reads; }, y: 'y' };
const r1 = src.x + src.x;
const { x } = src;
const copy = { ...src };
const arr = [src.x, ...[src.x]];
const str = `${src.x}`;
return { r1, x, copy, arr, str, reads };
