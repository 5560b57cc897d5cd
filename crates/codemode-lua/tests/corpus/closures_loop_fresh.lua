local fs = {}
for i = 1, 5 do fs[i] = function() return i end end
local out = {}
for i, f in ipairs(fs) do out[i] = f() end
local gs = {}
for _, v in ipairs({"a","b","c"}) do gs[#gs+1] = function() return v end end
for _, g in ipairs(gs) do out[#out+1] = g() end
local hs = {}
local j = 0
while j < 3 do j = j + 1 local k = j * 10 hs[j] = function() return k end end
for _, h in ipairs(hs) do out[#out+1] = h() end
return out
