const {a: {b: [c = 'dc', d] = []} = {}} = {a: {b: [undefined, 'd']}}; return [c, d];
