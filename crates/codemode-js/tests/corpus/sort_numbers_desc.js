return [5, 1, 10, 2].sort((a, b) => b - a);
