return ['a', 'b'].map((v, i) => ({[v]: i}));
