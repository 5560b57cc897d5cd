-- string.format's plain conversions (%s, %d, %i, %%, literal text) and their edges:
-- floats with and without an integer value, nil and booleans, extreme integers,
-- missing arguments, a trailing '%', extra arguments, objects with __tostring/__name.
local out = {}
local function try(...)
  local ok, r = pcall(string.format, ...)
  out[#out + 1] = (ok and "ok: " or "err: ") .. tostring(r)
end
try("%s-%d", "row", 7)
try("%s|%s|%s|%s", nil, true, false, "")
try("%d %i", 3.0, -0.0)
try("%d", 3.5)
try("%d", "12")
try("%d", " 0x10 ")
try("%s", 1.5)
try("%s %s", 2^63, -2^63)
try("%d %d %d", math.maxinteger, math.mininteger, 0)
try("%i", -9)
try("100%% of %d%%", 42)
try("%s and %s", "one")
try("trailing %")
try("%d", nil)
try("%s", "a\0b")
try("no conversions")
try("")
try("%s", "x", {}, print)
try("%d-%s", 1, setmetatable({}, {__tostring = function() return "T" end}))
try("%5d|%-3s|", 7, "a")
try("%s%s%s%s", ("x"):rep(100), ("y"):rep(100), ("z"):rep(56), "!")
try("%s%s%s", ("x"):rep(100), ("y"):rep(100), ("z"):rep(56))
try("%y", 1)
try("%", 1)
try(42, 1)
local n = 0
for i = 1, 300 do
  n = n + #string.format("%s-%d", string.upper("row"), i)
end
out[#out + 1] = n
out[#out + 1] = string.format("%s", "ROW-1") == "ROW-1"
return out
