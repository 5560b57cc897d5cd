let a, b, c; a = b = c = 5; const o = {}; o.x = o.y = 'same'; return [a, b, c, o];
