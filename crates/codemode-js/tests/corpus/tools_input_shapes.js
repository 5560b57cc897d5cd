const r = await tools.t.echo({a: [1, {b: null}], s: 'x', n: 1.5, u: undefined}); return r.input;
