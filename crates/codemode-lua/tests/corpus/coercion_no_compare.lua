return {pcall(function() return 1 < "2" end), "10" == 10, 10 == 10.0}
