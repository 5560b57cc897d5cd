const o = {}; o[1] = 'a'; o['2'] = 'b'; o[1.5] = 'c'; return [Object.keys(o), o['1'], o[2]];
