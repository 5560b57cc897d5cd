const counts = {}; for (const n of [3, 1, 3, 2, 1, 3]) counts[n] = (counts[n] || 0) + 1; return counts;
