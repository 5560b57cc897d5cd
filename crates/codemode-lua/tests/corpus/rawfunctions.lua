local t = {1, 2, 3, x = 1}
rawset(t, "y", 5)
return {rawget(t, "y"), rawlen(t), rawlen("abcd"), rawequal(t, t), rawequal(t, {}), rawequal("a", "a"), rawget(t, 1)}
