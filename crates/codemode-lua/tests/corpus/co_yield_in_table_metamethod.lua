-- A yield inside a metamethod the table library calls crosses a C call in lua5.4.
local function yielding()
  return setmetatable({}, {
    __index = function(_, i) coroutine.yield(i) return i end,
    __len = function() return 2 end,
  })
end
local out = {}
out[1] = { coroutine.resume(coroutine.create(function() return table.concat(yielding()) end)) }
out[2] = { coroutine.resume(coroutine.create(function() for _, v in ipairs(yielding()) do end end)) }
out[3] = { coroutine.resume(coroutine.create(function() return table.unpack(yielding()) end)) }
-- indexing the proxy directly may yield
local co = coroutine.create(function() local p = yielding() return p[1] + p[2] end)
out[4] = { coroutine.resume(co) }
out[5] = { coroutine.resume(co) }
out[6] = { coroutine.resume(co) }
return out
