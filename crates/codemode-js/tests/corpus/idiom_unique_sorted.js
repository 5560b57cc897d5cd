const xs = [3, 1, 3, 2, 1]; return xs.filter((x, i) => xs.indexOf(x) === i).sort((a, b) => a - b);
