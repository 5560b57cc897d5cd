const map = function <T, U>(xs: readonly T[], fn: (x: T, i: number) => U): U[] {
  const out: U[] = [];
  for (let i = 0; i < xs.length; i++) out.push(fn(xs[i]!, i));
  return out;
};
async function main(): Promise<string[]> {
  const ids: number[] = [3, 1, 2];
  return map<number, string>(ids, (x, i): string => `${i}:${x}`);
}
const sorted = [...await main()].sort() as string[];
return sorted;
