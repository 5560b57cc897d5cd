let s = ''; for (let i = 0, j = 3; i < j; i++, j--) s += i + '' + j + ','; return s;
