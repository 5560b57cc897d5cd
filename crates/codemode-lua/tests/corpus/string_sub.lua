local s = "abcdef"
return {s:sub(2), s:sub(-2), s:sub(2, -2), s:sub(0), s:sub(10), s:sub(-100, 2), s:sub(3, 2), s:sub(-3, -1), ("x"):sub(1, 1)}
