const out = []; for (const id of ['a', 'b']) { const r = await tools.items.get({id}); out.push(r.input.id); } return out;
