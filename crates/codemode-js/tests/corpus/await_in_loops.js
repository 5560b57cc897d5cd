let s = 0; for (const x of [1, 2, 3]) { s += await Promise.resolve(x); } let i = 0; while (i < 3) { await null; i++; } return [s, i];
