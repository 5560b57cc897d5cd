-- parallel raises the lowest index's error, whatever its type; pcall catches it.
local fns = {
  function() return 1 end,
  function() error({ code = 2 }) end,
  function() error("third", 0) end,
}
local ok, e = pcall(parallel, fns)
local ok2, e2 = pcall(parallel, { function() error("only", 0) end })
local ok3, e3 = pcall(parallel, {})
return { ok = ok, code = type(e) == "table" and e.code, ok2 = ok2, e2 = e2, ok3 = ok3, n3 = #e3 }
