// An agent tags records with metadata that must not leak into the tool payload.
const META = Symbol("meta");
const rows = [{ id: 1, name: "a" }, { id: 2, name: "b" }];
for (const r of rows) r[META] = { fetchedAt: "t" + r.id, retries: r.id - 1 };
const payload = JSON.parse(JSON.stringify(rows));
const retried = rows.filter((r) => r[META].retries > 0).map((r) => r.id);
const spreadCopy = rows.map((r) => ({ ...r }));
return { payload, retried, metaSurvivesSpread: spreadCopy[0][META].fetchedAt, rows };
