-- closures made in a goto loop capture a fresh local each pass
local fns = {}
local i = 1
::again::
do
  local x = i * 10
  fns[#fns + 1] = function() return x end
  if i < 4 then
    i = i + 1
    goto again
  end
end
local r = {}
for k, f in ipairs(fns) do r[k] = f() end
return r
