const xs = [4, -2, 9.5]; return [Math.max(...xs), Math.min(...xs), Math.max(...[]), Math.min(1, '0')];
