local t = {}
t[1] = "int"
t[1.0] = "float-int"
t["1"] = "string"
t[2.5] = "float"
t[true] = "bool"
return {t[1], t["1"], t[2.5], t[true], t[1.0]}
