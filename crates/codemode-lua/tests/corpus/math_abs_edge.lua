return {math.abs(math.mininteger), math.abs(-0.0), math.abs(-7), math.type(math.abs(-7.0))}
