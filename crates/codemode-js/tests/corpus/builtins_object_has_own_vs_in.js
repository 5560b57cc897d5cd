const o = Object.create({inherited: 1}); o.own = 2; return [Object.hasOwn(o, 'own'), Object.hasOwn(o, 'inherited'), 'inherited' in o, o.hasOwnProperty('own')];
