const items = [{name: 'Widget', price: 9.99, qty: 3}, {name: 'Gadget', price: 24.5, qty: 1}];
const lines = items.map(i => `${i.name.padEnd(8)} x${i.qty} @ $${i.price.toFixed(2)} = $${(i.price * i.qty).toFixed(2)}`);
const total = items.reduce((s, i) => s + i.price * i.qty, 0);
lines.push(`TOTAL: $${total.toFixed(2)}`);
console.log(lines.join('\n'));
return lines;
