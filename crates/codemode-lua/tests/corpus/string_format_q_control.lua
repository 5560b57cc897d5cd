-- %q escapes control characters (digits after them force three-digit escapes).
local s = string.format("%q", "a\1b\0012\0273\127x\r\n\t\"")
local back = load("return " .. s)()
return { s = s, same = back == "a\1b\0012\0273\127x\r\n\t\"" }
