local out = {}
out[1] = select(2, pcall(utf8.char, -1))
out[2] = select(2, utf8.len("ab\xffcd"))
out[3] = select(2, pcall(utf8.codepoint, "abc", 10))
return out
