function parse(x: string): number;
function parse(x: number): string;
function parse(x: string | number): string | number {
  return typeof x === "string" ? Number(x) : String(x);
}
async function load(id: number): Promise<{ id: number }>;
async function load(id: any) { return { id }; }
return [parse("42"), parse(7), await load(3)];
