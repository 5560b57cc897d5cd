return {table.concat({1, 2.5, 3}, ","), table.concat({"a"}, ",", 1, 1), table.concat({1,2,3}, ",", 3, 2)}
