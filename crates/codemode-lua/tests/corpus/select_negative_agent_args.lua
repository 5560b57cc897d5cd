-- Parsing variadic options: the last argument as an options table via select(-1, ...).
local function call(...)
  local n = select("#", ...)
  local opts = n > 0 and type((select(-1, ...))) == "table" and select(-1, ...) or {}
  local argc = (n > 0 and type((select(-1, ...))) == "table") and n - 1 or n
  local args = { n = argc, ... }
  local parts = {}
  for i = 1, argc do parts[#parts + 1] = tostring(args[i]) end
  return table.concat(parts, "|") .. " sep=" .. tostring(opts.sep) .. " argc=" .. argc
end
return { call(1, 2, { sep = "," }), call("a", nil, "c"), call(), call({ sep = ";" }), call(nil, { sep = 1 }) }
