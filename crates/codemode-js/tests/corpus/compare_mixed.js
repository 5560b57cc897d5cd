return ['a' < 'b', 'B' < 'a', '10' < '9', 10 < 9, '10' < 9, null >= 0, undefined == null, undefined === null, NaN < 1, [2] > 1];
