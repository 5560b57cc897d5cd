return [Boolean(0), Boolean('0'), Boolean([]), Boolean(''), !!NaN, true.toString(), (false).valueOf()];
