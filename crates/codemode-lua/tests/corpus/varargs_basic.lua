local function f(...)
  local a, b = ...
  return select("#", ...), a, b, select(2, ...)
end
return {f(1, nil, 3)}
