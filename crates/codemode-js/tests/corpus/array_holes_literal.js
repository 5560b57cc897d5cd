const a = [1, , 3]; return [a.length, a[1]];
