return {math.tointeger(-0.0), math.tointeger(2^63), math.tointeger(-2^63), math.tointeger("x"), math.tointeger(3.0000001)}
