let x = 1; { let x = 2; console.log(x); } const y = [x]; y.push(3); return y;
