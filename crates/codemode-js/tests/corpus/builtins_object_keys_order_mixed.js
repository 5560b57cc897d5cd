const o = {}; o.z = 1; o[10] = 2; o.a = 3; o[2] = 4; return [Object.keys(o), JSON.stringify(o)];
