let i = 0; const out = []; while (true) { i++; if (i % 2) continue; if (i > 8) break; out.push(i); } return out;
