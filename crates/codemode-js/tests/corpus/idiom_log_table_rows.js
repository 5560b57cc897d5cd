const rows = [{id: 1, ok: true}, {id: 2, ok: false}]; for (const r of rows) console.log(r.id, r.ok ? 'ok' : 'failed', r); return rows.length;
