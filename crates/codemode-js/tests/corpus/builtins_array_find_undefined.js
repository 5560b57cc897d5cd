return [[1, 2].find(x => x > 5), [undefined, 1].findIndex(x => x === undefined), [1, 2, 3].findLast(x => x % 2 === 1)];
