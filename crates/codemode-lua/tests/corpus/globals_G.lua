x = 10
_G.y = 20
local names = {}
return {_G.x, y, _G._G == _G, _VERSION, type(_G.print)}
