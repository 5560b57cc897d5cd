const hits = await search('invoices'); console.log('hits:', hits.length); return hits;
