const rs = await Promise.allSettled([tools.a.fail({}), tools.a.ok({})]); return rs.map(r => r.status === 'fulfilled' ? r.value.path : r.reason.message);
