const rs = await Promise.allSettled([tools.a.ok(1), tools.a.fail(2)]); return rs.map(r => r.status);
