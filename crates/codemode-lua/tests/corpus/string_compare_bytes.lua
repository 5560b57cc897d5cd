return {"a\0b" < "a\0c", "abc" == "abc", "a" ~= "b", ("x"):rep(3) == "xxx"}
