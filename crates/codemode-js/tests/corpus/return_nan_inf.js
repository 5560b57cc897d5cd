return [NaN, Infinity, -Infinity, {n: NaN}];
