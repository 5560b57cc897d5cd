return {select(2, pcall(string.pack, "i17", 1)), select(2, pcall(string.unpack, "i4", "ab")), select(2, pcall(string.pack, "b", 300))}
