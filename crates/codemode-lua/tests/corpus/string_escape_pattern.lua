local function escape(s) return (s:gsub("[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0")) end
local target = "1+1=2 (really?)"
return {escape(target), ("say 1+1=2 (really?) ok"):find(escape(target))}
