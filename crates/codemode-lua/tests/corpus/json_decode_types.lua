local v = json.decode('[1, 2.5, "s", true, false, null, {"a": null}, [], 10000000000]')
return {math.type(v[1]), math.type(v[2]), v[3], v[4], v[5], v[6] == json.null, v[7].a == nil, #v[8], math.type(v[9]), v[9]}
