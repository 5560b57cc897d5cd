-- string.byte's positions: negative, zero and out-of-range starts and ends.
local function b(...) return table.concat({ string.byte(...) }, ",") end
return { b("hi", -3), b("hi", 3), b("hi", 9, 10), b("hi", -1), b("hi", 0), b("hi", -2, -1), b("hi", 1, -3),
  b("hello", -100, 2), b("hello", 2, 100), b(""), b("abc", -2), select("#", string.byte("hi", -3)) }
