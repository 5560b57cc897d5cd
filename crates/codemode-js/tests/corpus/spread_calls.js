const a = [1, 5, 3]; return [Math.max(...a), Math.min(...a, 0), [...a, ...'hi'], [0, ...a].length];
