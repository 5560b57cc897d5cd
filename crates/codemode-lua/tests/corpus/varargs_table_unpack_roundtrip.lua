local function f(...) return table.unpack({...}, 1, select("#", ...)) end
return {select("#", f(1, nil, 3, nil)), (select(3, f(1, nil, 3, nil)))}
