const words = new Set(["pear", "fig", "banana"]);
const lens = [...words].map((w) => w.length);
return { max: Math.max(...lens), min: Math.min(...new Set(lens)), letters: [...new Set("mississippi")].join(""), concat: [].concat(...[[1], [2, 3]]), pushed: ((a) => (a.push(...words), a))([0]) };
