const r = await Promise.race([tools.a.first({}), tools.a.second({})]); return r.path;
