-- Size errors lua5.4 raises as catchable errors, with its wording.
local out = {}
local function try(name, f, ...)
  local ok, err = pcall(f, ...)
  out[#out + 1] = name .. ": " .. tostring(ok) .. " " .. tostring(err)
end
try("rep 2^40", string.rep, "x", 2^40)
try("rep maxinteger", string.rep, "x", math.maxinteger)
try("rep half maxinteger", string.rep, "xx", math.maxinteger // 2 + 1)
try("rep with sep", string.rep, "x", 2^62, "y")
try("rep 2^31", string.rep, "", 2^31, ",")
try("rep 2^30 pairs", string.rep, "ab", 2^30, ",")
try("byte slice", string.byte, string.rep("a", 3e6), 1, -1)
try("codepoint slice", utf8.codepoint, string.rep("a", 3e6), 1, -1)
try("unpack", table.unpack, {}, 1, 3e6)
try("unpack huge", table.unpack, {}, math.mininteger, math.maxinteger)
out[#out + 1] = select("#", string.byte(string.rep("b", 1000), 1, -1))
out[#out + 1] = select("#", utf8.codepoint(string.rep("c", 1000), 1, -1))
out[#out + 1] = #string.rep("ab", 1000, ",")
out[#out + 1] = string.rep("ab", 3, ", ")
out[#out + 1] = string.rep("", 2^30)
return out
