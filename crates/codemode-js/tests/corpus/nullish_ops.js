let a = null, b = 0, c; a ??= 5; b ||= 7; c &&= 1; const d = 0 ?? 9, e = null ?? 9; return [a, b, c, d, e];
