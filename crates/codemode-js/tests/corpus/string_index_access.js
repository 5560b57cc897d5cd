const s = 'abc'; return [s[0], s[5], s['length'], s.substr(1, 1), s.slice(), s.substring(-5, 2)];
