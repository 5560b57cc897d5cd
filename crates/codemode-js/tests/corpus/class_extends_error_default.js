class NotFound extends Error {}
const e = new NotFound('missing');
return [e.message, e instanceof NotFound, e instanceof Error, e.name, e.constructor.name, String(e)];
