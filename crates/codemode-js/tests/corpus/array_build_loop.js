const a = []; for (let i = 0; i < 1000; i++) a.push(i * 2); return [a.length, a[999], a.slice(0, 3)];
