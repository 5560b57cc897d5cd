const a = [1, 2, 3, 4, 5]; return [a.slice(), a.slice(2), a.slice(-2, -1), a.slice(3, 1), a.slice(undefined, 2), a.slice('1', '3')];
