return ["a.c abc".match("a.c")[0], "a.c abc".match("a.c").index, "x+y".search("\\+"), "aaa".match(undefined), "abc".match(null)];
