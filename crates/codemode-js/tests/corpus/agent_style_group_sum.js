const sales = [{region: 'eu', amount: 10}, {region: 'us', amount: 20}, {region: 'eu', amount: 5}, {region: 'apac', amount: 7}];
const totals = sales.reduce((acc, s) => { acc[s.region] = (acc[s.region] ?? 0) + s.amount; return acc; }, {});
const sorted = Object.entries(totals).sort(([, a], [, b]) => b - a);
return {totals, top: sorted[0][0], regions: sorted.map(([r]) => r)};
