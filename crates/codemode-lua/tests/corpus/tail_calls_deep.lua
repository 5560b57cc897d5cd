local function loop(n, acc) if n == 0 then return acc end return loop(n - 1, acc + n) end
return loop(100000, 0)
