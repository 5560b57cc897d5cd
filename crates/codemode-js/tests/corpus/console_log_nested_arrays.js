console.log([[1, 2], [3, [4, [5, [6]]]]]); console.log({a: [{b: {c: {d: 1}}}]}); return 0;
