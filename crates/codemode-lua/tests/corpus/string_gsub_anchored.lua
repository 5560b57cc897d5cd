return {("aaa"):gsub("^a", "b"), ("hello"):gsub("l*", "x"), ("abc"):gsub(".", {a = 1, b = true}), ("abc"):gsub("%w", "%1")}
