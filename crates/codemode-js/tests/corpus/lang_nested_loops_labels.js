let count = 0; a: for (let i = 0; i < 5; i++) { b: for (let j = 0; j < 5; j++) { if (j > i) continue a; if (i === 4) break a; count++; } } return count;
