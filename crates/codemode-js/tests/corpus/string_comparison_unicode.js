return ['a' < 'B', 'Z' < 'a', 'é' > 'z', 'abc' < 'abd', 'ab' < 'abc'];
