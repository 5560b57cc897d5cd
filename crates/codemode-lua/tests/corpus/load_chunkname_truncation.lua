-- lua5.4's luaO_chunkid cuts long names: =names at 59 bytes, @files keep their end,
-- string sources stop at the first newline or 45 bytes and end in "...".
local out = {}
local function msg(src, name)
  local f = assert(load(src, name))
  local _, e = pcall(f)
  return e
end
out[#out + 1] = msg("error('e')", "=" .. string.rep("a", 58))
out[#out + 1] = msg("error('e')", "=" .. string.rep("b", 59))
out[#out + 1] = msg("error('e')", "=" .. string.rep("c", 80))
out[#out + 1] = msg("error('e')", "@" .. string.rep("d", 58))
out[#out + 1] = msg("error('e')", "@" .. string.rep("e", 59))
out[#out + 1] = msg("error('e')", "@/very/long/path/" .. string.rep("dir/", 15) .. "main.lua")
out[#out + 1] = msg("error('e')", string.rep("f", 43))
out[#out + 1] = msg("error('e')", string.rep("g", 44))
out[#out + 1] = msg("error('e')", string.rep("h", 45))
out[#out + 1] = msg("error('e')", string.rep("i", 100))
out[#out + 1] = msg("error('e')", "first line\nsecond line")
out[#out + 1] = msg("error('e')", "\nstarts with a newline")
out[#out + 1] = msg("error('e')", "")
out[#out + 1] = msg("error('e')", "=")
out[#out + 1] = msg("error('e')", "@")
out[#out + 1] = msg("-- a long comment line that goes past the limit of the id\nerror('e')")
out[#out + 1] = msg("local x = 1\nlocal y = 2\nerror('three')")
return out
