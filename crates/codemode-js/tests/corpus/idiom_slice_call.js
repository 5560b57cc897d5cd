return [Array.prototype.slice.call([1, 2, 3], 1), Array.prototype.map.call([1, 2], x => x + 1), [].concat.apply([], [[1], [2, 3]])];
