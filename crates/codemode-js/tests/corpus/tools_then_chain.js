return await tools.a.b({}).then(r => r.path.toUpperCase());
