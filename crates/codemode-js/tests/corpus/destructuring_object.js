const {a, b: {c = 3, d} = {}, ...rest} = {a: 1, b: {d: 4}, e: 5, f: 6}; return [a, c, d, rest];
