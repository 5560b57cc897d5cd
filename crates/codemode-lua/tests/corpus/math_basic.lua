return {math.abs(-3), math.abs(-3.5), math.floor(3.7), math.ceil(3.2), math.floor(-3.5), math.ceil(-3.5), math.type(math.floor(3.5)),
  math.max(1, 5, 3), math.min(4, 2, 8), math.max(1.5, 2), math.sqrt(16), math.huge, -math.huge, math.pi, math.maxinteger, math.mininteger,
  math.fmod(7, 3), math.fmod(-7, 3), math.fmod(7.5, 2), math.tointeger(3.0), math.tointeger(3.5), math.tointeger("8"), math.ult(1, -1)}
