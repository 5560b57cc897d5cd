const { a, b: { c } }: { a: number; b: { c: string } } = { a: 1, b: { c: "x" } };
const [x, , z]: [number, number, number] = [1, 2, 3];
let definite!: number;
definite = 5;
function area({ w, h }: { w: number; h: number }, [sx, sy]: [number, number] = [1, 1]): number {
  return w * h * sx * sy;
}
const pick = ({ id }: { id: string }): string => id;
for (const [k, v] of Object.entries({ p: 1, q: 2 }) as [string, number][]) { definite += v; }
try { JSON.parse("{"); } catch (e: unknown) { definite += (e as Error).name.length; }
return { a, c, x, z, definite, area: area({ w: 2, h: 3 }, [2, 1]), pick: pick({ id: "i" }) };
