local s = json.encode({1, 2, 3})
local t = json.decode(json.encode({name = "x", list = json.array(), n = json.null}))
return {s, t.name, #t.list, json.encode(json.array()), json.encode("a\"b"), json.encode(1.5), json.encode(true)}
