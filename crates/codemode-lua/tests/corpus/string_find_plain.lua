local s = "hello world"
return {s:find("world"), s:find("o"), s:find("o", 6), s:find("xyz") == nil, s:find("o", -3), s:find(".", 1, true) == nil, s:find(""), s:find("", 20) == nil, s:find("l+")}
