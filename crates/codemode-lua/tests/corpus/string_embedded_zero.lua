local s = "a\0b"
return {#s, s:byte(2), ("a\0b" < "a\0c"), s:sub(3), (s:gsub("%z", "0"))}
