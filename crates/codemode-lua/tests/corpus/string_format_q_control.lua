return {string.format("%q", "\0\1\r\n\t\\"), string.format("%q", 1.5), string.format("%q", 0/0 ~= 0/0)}
