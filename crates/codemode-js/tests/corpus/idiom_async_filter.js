const xs = [1, 2, 3, 4]; const flags = await Promise.all(xs.map(async x => x % 2 === 0)); return xs.filter((_, i) => flags[i]);
