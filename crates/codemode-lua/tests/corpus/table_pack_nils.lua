local p = table.pack(nil, nil)
return {p.n, p[1] == nil}
