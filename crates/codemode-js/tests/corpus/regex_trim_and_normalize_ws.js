const inputs = ["  hello   world  ", "\ttabs\tand\nnewlines\n", "no-op", "   "];
return inputs.map((s) => [s.replace(/^\s+|\s+$/g, ""), s.replace(/\s+/g, " ").trim(), s.split(/\s+/).filter(Boolean)]);
