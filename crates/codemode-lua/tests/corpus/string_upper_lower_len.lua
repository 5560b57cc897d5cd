return {string.upper("mIxEd 123"), string.lower("MiXeD"), string.len(""), string.len("\0ab"), #"\u{48}\65\x41"}
