const o = Object.freeze({a: 1}); o.a = 2; o.b = 3; return [o, Object.isFrozen(o), Object.isFrozen({})];
