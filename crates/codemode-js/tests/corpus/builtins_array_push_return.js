const a = []; return [a.push(1), a.push(2, 3), a];
