return [Array.from('abc'), Array.from([1, 2], x => x * 2), Array.from({length: 3}, (_, i) => i * i), Array.of(7, 8), Array.isArray([]), Array.isArray('a'), new Array(3).length, new Array(1, 2)];
