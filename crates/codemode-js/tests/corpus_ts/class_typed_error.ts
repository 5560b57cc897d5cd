class ToolError extends Error {
  public readonly code: string;
  constructor(message: string, code: string) { super(message); this.name = 'ToolError'; this.code = code; }
}
function risky(n: number): number { if (n > 1) throw new ToolError('too big', 'E_BIG'); return n; }
const out: Array<string | number> = [];
for (const n of [1, 2]) {
  try { out.push(risky(n)); } catch (e: unknown) { if (e instanceof ToolError) out.push(`${e.name}/${e.code}: ${e.message}`); }
}
return out;
