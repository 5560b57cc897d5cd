console.log('%s is %d years', 'Bob', 42); console.log('%i', 3.9); console.log('100%'); console.log('%j', {a: 1}); return 1;
