let s = ''; for (let i = 0; i < 100; i++) s += i; return s.length;
