const f = n => { if (n < 0) return 'neg'; else if (n === 0) return 'zero'; else return 'pos'; }; return [f(-1), f(0), f(3)];
