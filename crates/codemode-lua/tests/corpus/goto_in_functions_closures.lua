-- labels are per function: the same label name in nested functions
local function outer()
  local acc = {}
  local function inner(n)
    local i = 0
    ::loop::
    i = i + 1
    if i > n then goto done end
    acc[#acc + 1] = i
    goto loop
    ::done::
    return #acc
  end
  for k = 1, 3 do
    if k == 2 then goto skip end
    inner(k)
    ::skip::
  end
  return acc
end
return outer()
