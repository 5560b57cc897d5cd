local function three() return 1, 2, 3 end
local t = {three(), three()}
local u = {three(), (three())}
local function none() end
local v = {none(), none()}
return {#t, #u, #v, select("#", three()), select("#", (three()))}
