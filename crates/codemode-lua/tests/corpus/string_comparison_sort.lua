local t = {"banana", "Apple", "cherry", "apple", "10", "9", ""}
table.sort(t)
return t
