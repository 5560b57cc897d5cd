-- The table library reads a proxy through __index/__len and writes through __newindex,
-- as lua5.4's lua_geti/lua_seti/luaL_len do.
local function proxy(store, log)
  return setmetatable({}, {
    __index = function(_, k) log[#log + 1] = "get" .. k return store[k] end,
    __newindex = function(_, k, v) log[#log + 1] = "set" .. k .. "=" .. tostring(v) store[k] = v end,
    __len = function() log[#log + 1] = "len" return #store end,
  })
end
local out = {}
local store, log = { "a", "b", "c" }, {}
local p = proxy(store, log)
table.insert(p, "d")
table.insert(p, 2, "x")
out.after_insert = table.concat(store, ",")
out.insert_log = table.concat(log, " ")
log = {}
p = proxy(store, log)
out.removed = table.remove(p, 1)
out.removed_last = table.remove(p)
out.after_remove = table.concat(store, ",")
out.remove_log = table.concat(log, " ")
log = {}
p = proxy(store, log)
out.concat = table.concat(p, "-")
out.concat_range = table.concat(p, "+", 2, 3)
out.concat_log = table.concat(log, " ")
log = {}
p = proxy(store, log)
out.unpack = { table.unpack(p) }
out.unpack_range = { table.unpack(p, 2, 3) }
out.unpack_log = table.concat(log, " ")
log = {}
local dst_store, dlog = {}, {}
local dst = proxy(dst_store, dlog)
local r = table.move(proxy(store, log), 1, 3, 2, dst)
out.move_returns_dst = r == dst
out.moved = table.concat(dst_store, ",", 2, 4)
out.move_log = table.concat(log, " ") .. " | " .. table.concat(dlog, " ")
-- overlapping move inside one proxy goes from the end
log = {}
local s2 = { 1, 2, 3, 4, 5 }
table.move(proxy(s2, log), 1, 3, 2)
out.overlap = table.concat(s2, ",")
out.overlap_log = table.concat(log, " ")
return out
