return ['a'.localeCompare('b'), 'b'.localeCompare('a'), 'a'.localeCompare('a'), ['b', 'a', 'c'].sort((x, y) => x.localeCompare(y))];
