return {string.format("%d", math.maxinteger), string.format("%d", math.mininteger), string.format("%x", -1), string.format("%.0f", 1e15), string.format("%5.1s|", "xyz")}
