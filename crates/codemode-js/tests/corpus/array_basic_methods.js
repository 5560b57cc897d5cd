const a = [1, 2, 3]; a.push(4, 5); const p = a.pop(); a.unshift(0); const s = a.shift(); return [a, p, s, a.length, a.indexOf(3), a.includes(2), a.lastIndexOf(9), a.at(-1), a.join('-')];
