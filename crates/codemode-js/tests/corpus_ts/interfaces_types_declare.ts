interface Point { x: number; y: number }
interface Point3 extends Point { z: number }
type Pair<T> = [first: T, second?: T];
type Fn = (p: Point) => number;
type Keys = keyof Point3;
type Mapped<T> = { readonly [K in keyof T]?: T[K] };
type Cond<T> = T extends string ? "s" : T extends number ? "n" : never;
type Tpl = `id-${number}`;
declare const injected: number;
declare function helper(x: number): string;
declare namespace NS { const v: number; }
declare global { interface Window { x: number } }
namespace OnlyTypes { export type A = number; export interface B { a: A } }
const norm: Fn = (p) => Math.hypot(p.x, p.y);
const pair: Pair<number> = [1];
const id: Tpl = "id-3";
return { n: norm({ x: 3, y: 4 }), pair, id, t: typeof injected };
