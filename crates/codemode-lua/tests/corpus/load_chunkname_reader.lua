-- A chunk read from a reader function is named "=(load)" unless named.
local function reader(text)
  local done = false
  return function()
    if done then return nil end
    done = true
    return text
  end
end
local out = {}
local f = assert(load(reader("error('r')")))
out[#out + 1] = select(2, pcall(f))
f = assert(load(reader("error('r')"), "=pieces"))
out[#out + 1] = select(2, pcall(f))
f = assert(load(reader("error('r')"), "@pieces.lua"))
out[#out + 1] = select(2, pcall(f))
f = assert(load(reader("error('r')"), "pieces"))
out[#out + 1] = select(2, pcall(f))
out[#out + 1] = select(2, load(reader("x = = 1")))
out[#out + 1] = select(2, load(reader("x = = 1"), "=named"))
return out
