local parts = {"return ", "1 + ", "2", " * 3"}
local i = 0
local f = load(function() i = i + 1 return parts[i] end)
print(f())
local j = 0
local g = load(function() j = j + 1 if j == 1 then return "local a = 10 " elseif j == 2 then return "return a * a" end return "" end)
print(g())
print(select("#", load(function() return true end)))
print(load(function() error("reader broke") end))
print(select(2, load(function() error({}) end)) ~= nil)
local pieces = {}
for w in ("return {1, 2, 3}"):gmatch(".") do pieces[#pieces + 1] = w end
local n = 0
local h = load(function() n = n + 1 return pieces[n] end, "chars", "t", {})
print(#h())
print(type(load(function() return nil end)))
print(load("x = ", "=name"))
print(load("return 1", "c", "b"))
print(load("\27Lua", "c", "t"))
return n
