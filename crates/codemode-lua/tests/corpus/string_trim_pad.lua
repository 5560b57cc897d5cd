local function trim(s) return (s:gsub("^%s+", ""):gsub("%s+$", "")) end
local function lpad(s, n, c) return (c or " "):rep(n - #s) .. s end
return {trim("  hi  "), trim("\t\nx\n"), lpad("7", 3, "0"), lpad("abc", 2), ("%-6s|"):format("ab")}
