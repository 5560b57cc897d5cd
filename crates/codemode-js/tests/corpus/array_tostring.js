return [String([1, [2, 3], null, undefined]), [1, 2] + '', `${[]}`, [] + [], [,].length];
