return {math.max(1, 2.0), math.min(1, 1.0), math.type(math.max(3, 2.5)), math.max(-1), math.min(math.huge, math.maxinteger)}
