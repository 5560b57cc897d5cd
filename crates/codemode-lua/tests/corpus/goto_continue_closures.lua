-- a forward goto out of a block whose local is captured closes it
local fns = {}
for i = 1, 5 do
  local v = i
  fns[#fns + 1] = function() return v end
  if i % 2 == 0 then goto continue end
  v = v * 100
  ::continue::
end
local r = {}
for k, f in ipairs(fns) do r[k] = f() end
return r
