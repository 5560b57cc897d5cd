let i = 0, s = 0; while (i < 5) { s += i; i++; } do { s *= 2; } while (s < 100); return [i, s];
