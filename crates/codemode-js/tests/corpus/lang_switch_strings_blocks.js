function kind(x) { switch (typeof x) { case 'number': { return 'num'; } case 'string': return 'str'; default: return 'other'; } } return [kind(1), kind('a'), kind(null)];
