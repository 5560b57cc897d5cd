const o = {b: 1, 2: 'two', a: 2, 1: 'one', '-1': 'neg', '01': 'z'}; return Object.keys(o);
