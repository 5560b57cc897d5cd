type Row = { region: string; amount: number; tags?: string[] };
const rows: Row[] = (await tools.db.query({ sql: "select" }) as any).input ? [
  { region: "eu", amount: 10, tags: ["a"] },
  { region: "us", amount: 5 },
  { region: "eu", amount: 7 },
] : [];
const totals = rows.reduce<Record<string, number>>((acc, r: Row) => {
  acc[r.region] = (acc[r.region] ?? 0) + r.amount;
  return acc;
}, {});
const tagged: string[] = rows.flatMap((r): string[] => r.tags ?? []);
const top = Object.entries(totals).sort(([, a]: [string, number], [, b]: [string, number]) => b - a)[0]!;
return { totals, tagged, top };
