for i = 1, 3 do
  if i == 2 then goto next_item end
end
return 1
