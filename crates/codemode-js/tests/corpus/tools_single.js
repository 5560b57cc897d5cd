const r = await tools.crm.lookup({id: 7}); return r;
