const counts = {}; for (const ch of 'mississippi') counts[ch] = (counts[ch] || 0) + 1; return Object.entries(counts).sort((a, b) => b[1] - a[1]);
