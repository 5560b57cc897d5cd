const a = {x: 1, y: 2}; const b = {...a, y: 3, z: 4}; const c = {...null, ...undefined, ...'ab'}; return [b, c];
