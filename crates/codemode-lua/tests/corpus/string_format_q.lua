return {string.format("%q", 'a "quoted"\n line'), string.format("%q", 1/3), string.format("%q", 42), string.format("%q", math.mininteger)}
