return [[NaN].includes(NaN), [NaN].indexOf(NaN), [0].includes(-0), [1, 2, 3].includes(2, 2)];
