local function last(...) return (select(-1, ...)) end
return {last(1, 2, 3), last("x")}
