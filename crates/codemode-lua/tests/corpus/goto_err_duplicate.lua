do
  ::a::
  do
    ::a::
  end
end
