local function compose(...)
  local fs = {...}
  return function(x)
    for i = #fs, 1, -1 do x = fs[i](x) end
    return x
  end
end
local inc = function(x) return x + 1 end
local dbl = function(x) return x * 2 end
return {compose(inc, dbl)(5), compose(dbl, inc)(5), compose()(7)}
