return {9223372036854775807, 9223372036854775808, -9223372036854775808, 0xffffffffffffffff, 0x7fffffffffffffff + 1 == math.mininteger, 1e2, 0x10p1, 0xA.8p0}
