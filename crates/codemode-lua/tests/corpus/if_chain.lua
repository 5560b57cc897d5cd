local function cls(n)
  if n < 0 then return "neg" elseif n == 0 then return "zero" elseif n < 10 then return "small" else return "big" end
end
return {cls(-5), cls(0), cls(5), cls(50)}
