console.log([1, 'two', null, undefined, true, {x: 1}]); console.log('x', [1], {y: 'z'}, 3.5); return 0;
