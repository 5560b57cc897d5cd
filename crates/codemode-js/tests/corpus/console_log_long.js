console.log([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
console.log({alpha: 'aaaaaaaaaaaaaaa', beta: 'bbbbbbbbbbbbbbbbbbb', gamma: 'ccccccccccccccccccc', delta: 1});
console.log(Array.from({length: 30}, (_, i) => i * 3));
console.log([{a: 1}, {b: 2}]);
return 0;
