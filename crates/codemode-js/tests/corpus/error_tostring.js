return [String(new Error('x')), new TypeError('t').toString(), `${new RangeError('r')}`, String(new Error())];
