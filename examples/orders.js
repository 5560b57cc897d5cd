// The same job in JavaScript: independent lookups run concurrently.
const ids = ["order_42", "order_7"];
const orders = await Promise.all(ids.map((id) => tools.orders["lookup-by-id"]({ id })));
console.log(`looked up ${orders.length} orders`);
return orders.map((o) => ({ id: o.id, needsAttention: o.status !== "complete" }));
