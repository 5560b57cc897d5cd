return [/a|ab/.exec("abc")[0], /ab|a/.exec("abc")[0], /(a|ab)c/.exec("abc")[0], /(?:a|b)*c/.exec("ababc")[0], /x*y+$/.exec("xxyy")[0]];
