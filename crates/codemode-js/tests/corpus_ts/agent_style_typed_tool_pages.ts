interface Page<T> {
  path: string;
  input: { cursor: number; limit?: number } | null;
  items?: T[];
}
type Fetch = <T>(cursor: number) => Promise<Page<T>>;
const fetchPage: Fetch = async <T,>(cursor: number): Promise<Page<T>> =>
  (await tools.repo.list({ cursor, limit: 10 })) as Page<T>;
const pages: Page<string>[] = [];
for (let cursor: number = 0; cursor < 3; cursor++) {
  pages.push(await fetchPage<string>(cursor));
}
return pages.map((p: Page<string>): string => `${p.path}:${p.input!.cursor}`);
