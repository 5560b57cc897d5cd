function double(x) return x * 2 end
counter = 0
function bump() counter = counter + 1 end
bump() bump()
local t = {}
function t.m(x) return x + 1 end
function t.sub() return {} end
return {double(4), counter, t.m(1)}
