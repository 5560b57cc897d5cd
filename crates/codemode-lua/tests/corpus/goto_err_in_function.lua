local function f()
  goto out
end
::out::
return f
