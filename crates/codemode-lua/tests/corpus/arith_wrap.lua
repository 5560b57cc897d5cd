return {math.maxinteger + 1 == math.mininteger, math.mininteger - 1 == math.maxinteger, math.maxinteger * 2, -math.mininteger == math.mininteger}
