return {math.floor(-0.5), math.ceil(-0.5), math.floor(2^60 + 0.0), math.type(math.floor(1e100)), math.floor(5), math.ceil(2.0000001)}
