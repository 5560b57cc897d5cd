-- string.format over a matrix of formats and values, objects with __tostring among them:
-- which handlers run (and in what order), the text, and the errors, as lua5.4.
local calls = {}
local function obj(name)
  return setmetatable({}, { __tostring = function() calls[#calls + 1] = name return "<" .. name .. ">" end })
end
local named = setmetatable({}, { __name = "Thing" })
local formats = { "%s", "%5s|%-5s", "%.2s %s", "%d %s", "%s %d", "%s %s %s", "%q %s", "%%s %s",
  "%10.3s", "%s %x", "%c%s", "%s%", "%y %s", "%s" }
local values = {
  { obj("a"), obj("b"), obj("c") },
  { obj("d"), 42, obj("e") },
  { 7, obj("f") },
  { "str", obj("g"), 3.5 },
  { obj("h") },
  {},
  { obj("i"), "x", obj("j") },
}
local out = {}
for _, f in ipairs(formats) do
  for vi, vs in ipairs(values) do
    calls = {}
    local ok, r = pcall(string.format, f, table.unpack(vs, 1, 3))
    if type(r) == "string" then r = r:gsub("0x%x+", "ADDR") end
    out[#out + 1] = f .. " #" .. vi .. " " .. tostring(ok) .. " " .. tostring(r) .. " [" .. table.concat(calls, ",") .. "]"
  end
end
-- __name shows in %s; objects are converted only where a %s reaches them
out[#out + 1] = (string.format("%s|%s", named, obj("k")):gsub("0x%x+", "ADDR"))
calls = {}
out[#out + 1] = select(2, pcall(string.format, "%s %d %s", obj("l"), obj("m"), obj("n")))
out[#out + 1] = table.concat(calls, ",")
return out
