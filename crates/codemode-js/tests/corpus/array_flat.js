return [[1, [2, [3, [4]]]].flat(), [1, [2, [3, [4]]]].flat(2), [1, [2, [3]]].flat(Infinity), [[1, 2], [3]].flatMap(x => x), [1, 2].flatMap(x => [x, x * 2])];
