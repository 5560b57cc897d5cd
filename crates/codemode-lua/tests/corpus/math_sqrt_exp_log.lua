return {math.sqrt(2), math.exp(1), math.log(10), math.log(1024, 2), math.log(0) == -math.huge, math.sqrt(-1) ~= math.sqrt(-1)}
