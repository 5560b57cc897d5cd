const p = "/api/v1/orders/13/items/4";
const parts = p.split(/\//);
return { parts, ids: parts.filter((x) => /^\d+$/.test(x)).length, limited: p.split(/\//, 3) };
