const a = [1, , 3];
a.length = 5;
return { a, nested: { list: [, { x: 1 }, , ] }, top: new Array(2) };
