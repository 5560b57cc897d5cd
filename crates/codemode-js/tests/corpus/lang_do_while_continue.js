let i = 0, s = 0; do { i++; if (i === 2) continue; s += i; } while (i < 4); return s;
