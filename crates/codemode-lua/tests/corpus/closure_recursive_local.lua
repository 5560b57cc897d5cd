local function fact(n) if n <= 1 then return 1 end return n * fact(n - 1) end
local fib
fib = function(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
return {fact(10), fact(20), fib(15)}
