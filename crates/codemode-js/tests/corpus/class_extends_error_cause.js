class Wrapped extends Error {}
const e = new Wrapped('outer', { cause: new Error('inner') });
return [e.message, e.cause.message, e instanceof Wrapped];
