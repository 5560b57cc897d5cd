local a = nil
local b = false
return {a or "d", b or "e", 1 and 2, nil and 1, false or nil, 1 or error("no"), a and a.x, (1 and nil) or "f", 0 or 1, "" and "s"}
