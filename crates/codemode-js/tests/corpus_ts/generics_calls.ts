function identity<T>(x: T): T { return x; }
function pair<A, B extends object = {}>(a: A, b: B): [A, B] { return [a, b]; }
const first = <T,>(xs: T[]): T | undefined => xs[0];
const m = await new Promise<number[]>((resolve) => resolve([1, 2]));
const e = Object.entries<number>({ k: 1 });
const a = identity<number>(41) + 1;
const p = pair<string, { k: number }>("x", { k: 1 });
const f = first<string>(["a", "b"]);
const list: Array<Array<number>>= [[1], [2, 3]];
return { a, p, f, list, m, e };
