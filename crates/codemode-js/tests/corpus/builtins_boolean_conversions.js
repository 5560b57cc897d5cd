return [[] + {}, [] == false, [0] == false, '' == false, null == undefined, NaN == NaN, 'true' == true];
