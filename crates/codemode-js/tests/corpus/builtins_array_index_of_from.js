const a = [1, 2, 1, 2]; return [a.indexOf(2, 2), a.indexOf(1, -1), a.includes(1, 3), a.at(10), a.at(-10)];
