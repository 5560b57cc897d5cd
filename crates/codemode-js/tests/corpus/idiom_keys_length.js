const o = {a: 1, b: undefined}; return [Object.keys(o).length, typeof o.c === 'undefined', o.b === undefined, 'b' in o];
