local t = {} t[1] = 1 t[3] = 3 return t
