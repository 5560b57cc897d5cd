return [1, 2, 3].every((x, i, arr) => arr[i] === x && i < 3);
