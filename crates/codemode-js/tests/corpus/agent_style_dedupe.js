const rows = ['b', 'a', 'b', 'c', 'a'];
const seen = {};
const unique = rows.filter(r => (seen[r] ? false : (seen[r] = true)));
const counts = rows.reduce((acc, r) => ({...acc, [r]: (acc[r] || 0) + 1}), {});
return {unique, counts, top: Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]};
