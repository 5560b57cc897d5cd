const r = await tools.ns['kebab-name']({x: 1}); return r.path;
