local ok, e = pcall(table.sort, {3, 1, 2}, function(a, b) error("cmp failed") end)
local ok2, e2 = pcall(table.sort, {3, 1, 2}, function(a, b) error({why = "x"}) end)
return {ok, e, ok2, e2.why}
