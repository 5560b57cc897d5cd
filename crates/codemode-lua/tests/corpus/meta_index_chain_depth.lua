-- a long (but finite) __index chain resolves
local base = {answer = 42}
local t = base
for i = 1, 100 do t = setmetatable({}, {__index = t}) end
return {t.answer, t.none == nil}
