return [Number.isInteger(5), Number.isInteger(5.5), Number.isSafeInteger(2**53), Number.isNaN('x'), Number.isFinite('1'), Number.MAX_SAFE_INTEGER, Number.EPSILON > 0, Number.MIN_VALUE];
