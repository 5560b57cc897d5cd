local a = json.array()
local b = json.array(1, 2)
a[1] = "x"
return {empty = json.array(), a = a, b = b, obj = {}}
