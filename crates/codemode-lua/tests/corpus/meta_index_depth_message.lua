-- An __index loop ends with lua5.4's message; a long but finite chain works.
local a, b = {}, {}
setmetatable(a, { __index = b })
setmetatable(b, { __index = a })
local ok, e = pcall(function() return a.x end)
local t = {}
local cur = t
for i = 1, 150 do
  local nxt = {}
  setmetatable(cur, { __index = nxt })
  cur = nxt
end
cur.deep = "found"
local n1, n2 = {}, {}
setmetatable(n1, { __newindex = n2 })
setmetatable(n2, { __newindex = n1 })
local ok2, e2 = pcall(function() n1.y = 1 end)
return { ok = ok, e = e, deep = t.deep, ok2 = ok2, e2 = e2 }
