return {string.format("%s|%s|%s", nil, true, 12), string.format("%5.2s|", "abc"), string.format("%d", 3.0), string.format("%d", "10")}
