return {3 // 1, 3.0 // 1, 7 // 2.0, 2^2, 10 / 2, math.tointeger(2^53), 1e15 // 1, -0.0 == 0.0, 3 % math.huge, -3 % math.huge}
