const pairs = [['x', 1], ['y', [2]]]; return Object.fromEntries(pairs.map(([k, v]) => [k.toUpperCase(), v]));
