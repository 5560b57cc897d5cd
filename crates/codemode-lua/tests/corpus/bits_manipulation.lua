local function popcount(x) local c = 0 while x ~= 0 do c = c + (x & 1) x = x >> 1 end return c end
return {popcount(255), popcount(0), popcount(-1), (0xF0 ~ 0xFF), 1 << 10 | 1, ~5 & 0xFF}
