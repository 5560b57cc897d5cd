local p = string.pack("i4 i8 d z", 7, -3, 1.5, "hi")
local a, b, c, d, nxt = string.unpack("i4 i8 d z", p)
return {#p, a, b, c, d, nxt, string.packsize("i4 i8 d"), string.unpack("<I2", "\1\2")}
