return {1 == 1.0, math.maxinteger == 2^63, math.maxinteger + 0.0 == 2^63, 2^53 == 2^53 + 1, math.mininteger == -2^63, 1 < 1.5, 2 > 1.5, -1 < -0.5}
