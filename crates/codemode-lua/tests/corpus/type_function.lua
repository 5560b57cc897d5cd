return {type(1), type(1.5), type("s"), type({}), type(print), type(nil), type(true), type(function() end), type(string), math.type(1), math.type(1.0), math.type("1")}
