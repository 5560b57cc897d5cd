return [['1', '2.5', 'x'].map(Number), [1, 2].map(String), ['1', '2', '3'].map(parseInt), ['1.5', '2'].map(parseFloat)];
