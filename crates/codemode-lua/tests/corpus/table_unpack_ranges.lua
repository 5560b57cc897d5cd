local t = {1, 2, 3, 4, 5}
return {{table.unpack(t, 2, 4)}, {table.unpack(t, 4)}, select("#", table.unpack(t, 1, 0)), {table.unpack({1, nil, 3}, 1, 3)}}
