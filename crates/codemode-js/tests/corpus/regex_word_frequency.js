const text = "The cat and the hat. The CAT sat; and the hat sat too!";
const freq = {};
for (const w of text.toLowerCase().match(/[a-z']+/g)) freq[w] = (freq[w] ?? 0) + 1;
return Object.entries(freq).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 5);
