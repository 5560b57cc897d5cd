-- a loop made of a backward goto, with a fresh local each pass
local i, out = 1, {}
::top::
local sq = i * i
out[#out + 1] = sq
i = i + 1
if i <= 5 then goto top end
return out
