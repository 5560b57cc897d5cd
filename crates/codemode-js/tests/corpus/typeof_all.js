return [typeof 1, typeof 'x', typeof true, typeof undefined, typeof null, typeof {}, typeof [], typeof (() => 1), typeof notDefined, typeof Math.max, typeof Promise.resolve(1)];
