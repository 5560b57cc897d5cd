return {("a+b"):find("+", 1, true), ("a.b"):find("."), ("a.b"):find("%."), ("f(x)"):find("(", 1, true), (""):find("")}
