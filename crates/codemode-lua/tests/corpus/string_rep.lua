return {("ab"):rep(3), ("ab"):rep(3, "-"), ("x"):rep(0), ("x"):rep(-1), (""):rep(5), ("a"):rep(1, ",")}
