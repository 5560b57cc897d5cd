local b = {("ABC"):byte(1, -1)}
return {b, string.char(72, 105), ("abc"):byte(10) == nil, select("#", ("abc"):byte(2, 1)), string.char()}
