const prices = {a: 1, b: 2.5}; return Object.fromEntries(Object.entries(prices).map(([k, v]) => [k, v * 2]));
