local t = {a = json.null, b = 1}
local keys = {}
for k in pairs(t) do keys[#keys + 1] = k end
table.sort(keys)
return {keys = keys, isnull = t.a == json.null, enc = json.decode(json.encode(t)).b}
