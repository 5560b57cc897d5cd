return [JSON.stringify({a: NaN, b: -0, c: 1e21, d: 1e-7}), JSON.stringify([new Error('x')]), JSON.stringify('\u2028\u0007'), JSON.stringify({'key with space': 1})];
