goto inner
do
  ::inner::
  print("x")
end
