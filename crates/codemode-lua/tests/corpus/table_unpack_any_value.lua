-- table.unpack reads any value as lua5.4 does (luaL_len, lua_geti); errors of the reads
-- themselves carry no position (they are raised inside a C function in lua5.4).
local out = {}
out[1] = { pcall(table.unpack, "abc") }
out[2] = { pcall(table.unpack, "abc", 1, 2) }
out[3] = { pcall(table.unpack, 5, 1, 2) }
out[4] = { pcall(table.unpack, nil) }
out[5] = { pcall(table.unpack) }
out[6] = { pcall(function() return table.unpack(true) end) }
out[7] = { pcall(function() return table.concat(setmetatable({}, { __index = 5, __len = function() return 1 end })) end) }
out[8] = { pcall(function() return table.insert(setmetatable({}, { __len = 5 }), 1) end) }
out[9] = { pcall(function() return table.unpack(setmetatable({}, { __len = function() return 1.5 end })) end) }
out[10] = { pcall(function() return table.unpack("hello", 1, 3) end) }
out[11] = { pcall(function() local t = setmetatable({}, { __index = function(_, k) return nil + k end, __len = function() return 1 end }) return table.unpack(t) end) }
out[12] = { pcall(function() table.move(setmetatable({}, { __newindex = "x" }), 1, 1, 1) end) }
-- nils inside the results are shown as "nil" (the result must be data)
for i, r in ipairs(out) do
  local shown = {}
  for j = 1, 4 do shown[j] = tostring(r[j]) end
  out[i] = table.concat(shown, " ")
end
return out
