return {pcall(42), pcall(nil), pcall({})}
