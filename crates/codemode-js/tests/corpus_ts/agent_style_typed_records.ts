type Status = "open" | "closed";
interface Issue { id: number; title: string; status: Status; labels: readonly string[] }
const issues: Issue[] = [
  { id: 1, title: "crash", status: "open", labels: ["bug"] },
  { id: 2, title: "docs", status: "closed", labels: [] },
  { id: 3, title: "slow", status: "open", labels: ["perf", "bug"] },
];
function byStatus(list: Issue[], status: Status): Issue[] {
  return list.filter((i: Issue): boolean => i.status === status);
}
const counts: Record<Status, number> = { open: 0, closed: 0 };
for (const issue of issues) counts[issue.status]++;
const open = byStatus(issues, "open").map(({ id, labels }: Issue) => ({ id, n: labels.length }));
return { counts, open } satisfies { counts: Record<string, number>; open: unknown[] };
