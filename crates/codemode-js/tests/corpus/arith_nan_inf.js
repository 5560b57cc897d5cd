console.log(1/0, -1/0, 0/0, Infinity - Infinity); return [isNaN(NaN), isFinite(1/0), NaN === NaN];
