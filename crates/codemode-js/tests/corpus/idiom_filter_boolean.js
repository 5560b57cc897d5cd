return ['a', '', null, 'b', 0, 1].filter(Boolean);
