const o = {}; const k = 'key'; o[k + 1] = 'v'; o[k + 1] += '!'; return o;
