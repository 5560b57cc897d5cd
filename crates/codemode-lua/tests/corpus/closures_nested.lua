local function outer(a)
  return function(b)
    return function(c) return a .. b .. c end
  end
end
return outer("x")("y")("z")
