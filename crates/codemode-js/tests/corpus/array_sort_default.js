return [[10, 9, 1, 100].sort(), ['b', 'a', 'C'].sort(), [3, undefined, 1].sort(), [true, false].sort()];
