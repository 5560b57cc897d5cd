local function count(...) return select("#", ...) end
local function pass(...) return count(...) end
return {pass(nil, nil, nil), pass(), count(nil), select("#", table.unpack({}, 1, 2))}
