async function safe(p) { try { return [null, await p]; } catch (e) { return [e.message, null]; } } return [await safe(tools.a.ok({})).then(r => r[1].path), await safe(tools.a.fail({}))];
