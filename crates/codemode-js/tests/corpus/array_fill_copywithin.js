return [new Array(3).fill(0), [1, 2, 3, 4].fill(9, 1, 3), [1, 2, 3, 4, 5].copyWithin(0, 3), [1, 2, 3, 4, 5].copyWithin(1, 0, 2)];
