const o = {}; const arr = []; [o.a, arr[0]] = [1, 2]; ({x: o.b} = {x: 3}); return [o, arr];
