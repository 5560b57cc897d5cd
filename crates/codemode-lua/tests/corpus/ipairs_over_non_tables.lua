-- ipairs over values that are not tables reads them as lua5.4 does (strings index the
-- string library; others fail inside the iterator, without a position).
print(pcall(function() for i, v in ipairs(5) do end end))
print(pcall(function() for i, v in ipairs(nil) do end end))
print(pcall(function() for i, v in ipairs("ab") do print(i, v) end end))
print(pcall(function() local t = setmetatable({}, {__index = function(t, i) if i < 3 then return i end end}) local s = 0 for _, v in ipairs(t) do s = s + v end return s end))
print(pcall(function() return table.move({1,2,3}, 1, 3, 1, setmetatable({}, {__newindex = function(t, k, v) rawset(t, k, v * 10) end}))[2] end))
print(pcall(function() return #table.move(setmetatable({}, {__index = function(_, i) return i end}), 1, 4, 1, {}) end))
print(pcall(string.gsub, "abc", "%w", setmetatable({}, {__index = function(_, c) if c == "b" then return 1 end end})))
print(pcall(string.gsub, "abc", "%w", setmetatable({}, {__index = function(_, c) return {} end})))
