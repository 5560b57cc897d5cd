return [[1, [2, [3]]].join(';'), [null, undefined, 1].join(), [].join(), ['a'].join('-'), [1, 2].join(undefined)];
