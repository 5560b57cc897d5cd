let n = 0; do { n++; } while (false); return n;
