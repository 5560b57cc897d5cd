return [Array(3).length, Array(1, 2), [...Array(3).keys()], Array.from(Array(2).keys())];
