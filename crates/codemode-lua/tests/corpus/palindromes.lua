local function ispal(s) s = s:lower():gsub("[^%a]", "") return s == s:reverse() end
return {ispal("A man, a plan, a canal: Panama"), ispal("hello"), ispal("")}
