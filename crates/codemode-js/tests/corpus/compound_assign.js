let x = 10; x += 5; x -= 3; x *= 2; x /= 4; x %= 4; x **= 3; let s = 'a'; s += 'b'; const o = {k: 1}; o.k += 1; o['k'] *= 10; return [x, s, o.k];
