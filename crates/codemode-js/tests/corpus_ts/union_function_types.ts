type Handler = ((e: { type: string }) => void) | null;
type Ctor = new (...args: any[]) => object;
type Tuple = readonly [string, ...number[]];
let calls: string[] = [];
const handler: Handler = (e) => { calls.push(e.type); };
handler!({ type: "click" });
const t: Tuple = ["a", 1, 2];
const fns: Array<(x: number) => number> = [(x) => x + 1, (x: number): number => x * 2];
const isStr = (v: unknown): v is string => typeof v === "string";
function assertNum(v: unknown): asserts v is number { if (typeof v !== "number") throw new TypeError("nan"); }
assertNum(3);
return { calls, t, r: fns.map((f) => f(10)), s: [isStr("a"), isStr(1)] };
