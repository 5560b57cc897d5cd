-- Globals a loaded chunk sets go to its env; its functions keep seeing that env.
local env = { print = print, tostring = tostring }
local chunk = assert(load([[
counter = 0
function bump(n) counter = counter + (n or 1) return counter end
return bump
]], "=counter", "t", env))
local bump = chunk()
bump() bump(5)
local other = {}
local g = assert(load("x = 1; y = x + 1; return y", "=o", "t", other))
return { counter = env.counter, bumped = bump(0), global_counter = tostring(counter), y = g(), other_x = other.x }
