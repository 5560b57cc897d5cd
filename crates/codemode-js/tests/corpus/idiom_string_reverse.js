return ['hello'.split('').reverse().join(''), [...'abc'].reverse().join('')];
