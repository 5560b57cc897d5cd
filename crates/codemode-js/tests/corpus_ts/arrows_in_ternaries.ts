const pick = (flag: boolean) => flag ? (x: number): number => x + 1 : (x: number) => x - 1;
const choose = (n: number): string => n > 0 ? "pos" : n < 0 ? "neg" : "zero";
const f = pick(true), g = pick(false);
const wrap = <T,>(v: T): { v: T } => ({ v });
return [f(1), g(1), choose(-2), choose(0), wrap<string>("w")];
