local Animal = {}
Animal.__index = Animal
function Animal.new(name, sound) return {name = name, sound = sound, speak = Animal.speak} end
function Animal:speak() return self.name .. " says " .. self.sound end
local d = Animal.new("dog", "woof")
return d:speak()
