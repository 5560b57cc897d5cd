local t = {}
t["1"] = "s"
t[1] = "i"
return {t["1"], t[1], #t}
