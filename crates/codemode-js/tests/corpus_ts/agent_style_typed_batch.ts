interface ToolResult { path: string; input: { q: string } }
async function search(queries: readonly string[], batch: number = 2): Promise<ToolResult[]> {
  const out: ToolResult[] = [];
  for (let i = 0; i < queries.length; i += batch) {
    const chunk: string[] = queries.slice(i, i + batch);
    const results = await Promise.all(chunk.map((q: string) => tools.web.search({ q }) as Promise<ToolResult>));
    out.push(...results);
  }
  return out;
}
const found = await search(["a", "b", "c"]);
return found.map((r): string => r.input.q + "@" + r.path);
