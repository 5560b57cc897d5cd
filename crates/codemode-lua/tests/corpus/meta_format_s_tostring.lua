-- string.format's %s converts with __tostring and __name as tostring does.
local Point = {}
Point.__index = Point
Point.__tostring = function(p) return "(" .. p.x .. "," .. p.y .. ")" end
local function pt(x, y) return setmetatable({ x = x, y = y }, Point) end
local calls = {}
local Traced = { __tostring = function(t) calls[#calls + 1] = t.id return "T" .. t.id end }
local a, b = setmetatable({ id = 1 }, Traced), setmetatable({ id = 2 }, Traced)
local out = {}
out[1] = string.format("%s -> %s", pt(1, 2), pt(3, 4))
out[2] = string.format("[%10s|%-8s|%.2s]", pt(5, 6), pt(7, 8), pt(9, 10))
out[3] = string.format("%s %d %s %%s %s", b, 42, a, "plain")
out[4] = table.concat(calls, ",")
local Num = { __tostring = function() return 12.5 end }
out[5] = string.format("<%s>", setmetatable({}, Num))
out[6] = tostring(setmetatable({}, Num))
out[7] = type(tostring(setmetatable({}, { __tostring = function() return 7 end })))
local Named = { __name = "Widget" }
out[8] = string.format("%s", setmetatable({}, Named)):match("^Widget: ") ~= nil
out[9] = tostring(setmetatable({}, { __name = 42 })):match("^table: ") ~= nil
out[10] = select("#", tostring(setmetatable({}, { __tostring = function() return "x", "y" end })))
-- %q and %d of such values still fail as lua5.4's do
out[11] = select(2, pcall(string.format, "%q", pt(1, 1)))
out[12] = select(2, pcall(string.format, "%d", pt(1, 1)))
-- arguments past the ones a %s reads are not converted
calls = {}
out[13] = string.format("%s", a, b)
out[14] = #calls
-- %s written by the handler itself
local Rec = { __tostring = function(t) return string.format("rec(%s)", t.inner or "-") end }
out[15] = string.format("%s", setmetatable({ inner = setmetatable({}, Rec) }, Rec))
print(string.format("%s and %s", pt(0, 0), "text"))
return out
