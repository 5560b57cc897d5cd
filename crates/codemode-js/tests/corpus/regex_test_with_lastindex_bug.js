const re = /a/g;
return [re.test("a"), re.test("a"), re.test("a"), re.lastIndex];
