local stock = {apple = 10, pear = 0, fig = 4}
local orders = {{item = "apple", qty = 3}, {item = "pear", qty = 1}, {item = "fig", qty = 5}, {item = "kiwi", qty = 1}, {item = "apple", qty = 7}}
local log = {}
for i, o in ipairs(orders) do
  local have = stock[o.item]
  if have == nil then log[#log + 1] = i .. ": unknown " .. o.item
  elseif have < o.qty then log[#log + 1] = i .. ": short " .. o.item .. " (" .. have .. "<" .. o.qty .. ")"
  else stock[o.item] = have - o.qty log[#log + 1] = i .. ": ok" end
end
return {log = log, stock = stock}
