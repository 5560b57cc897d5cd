return {tostring(1/0), tostring(-1/0), tostring(math.huge), math.huge > math.maxinteger, -math.huge < math.mininteger, (0/0) ~= (0/0)}
