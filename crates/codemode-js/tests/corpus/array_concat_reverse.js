const a = [1, 2]; return [a.concat(3, [4, 5], [[6]]), [1, 2, 3].reverse(), [...a.entries()], [...a.keys()], [...a.values()]];
