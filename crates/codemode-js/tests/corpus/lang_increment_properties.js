const counts = {}; for (const w of ['a', 'b', 'a']) { counts[w] = counts[w] || 0; counts[w]++; } return counts;
