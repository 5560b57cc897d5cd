local n = 100
local sieve = {}
for i = 2, n do sieve[i] = true end
for i = 2, math.floor(math.sqrt(n)) do
  if sieve[i] then for j = i * i, n, i do sieve[j] = false end end
end
local primes = {}
for i = 2, n do if sieve[i] then primes[#primes + 1] = i end end
return {#primes, primes[#primes]}
