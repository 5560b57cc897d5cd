const ids = Array.from({length: 7}, (_, i) => 'id' + i);
const batches = [];
for (let i = 0; i < ids.length; i += 3) batches.push(ids.slice(i, i + 3));
const results = await Promise.all(batches.map(b => tools.bulk.get({ids: b})));
return results.map(r => r.input.ids.length);
