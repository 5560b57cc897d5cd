let s = 0; for (let i = 0; i < 100000; i++) s += i % 7; return s;
