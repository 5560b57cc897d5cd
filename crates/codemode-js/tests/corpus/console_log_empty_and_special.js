console.log(); console.log(''); console.log(NaN, -0, 0, Infinity); console.log([NaN, Infinity]); return 0;
