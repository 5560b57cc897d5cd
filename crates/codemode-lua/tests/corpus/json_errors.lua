local out = {}
out[1] = pcall(json.decode, "{bad json")
out[2] = pcall(json.encode, {function() end})
out[3] = pcall(json.encode, {1, 2, x = 3})
return out
