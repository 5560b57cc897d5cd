// URIError and EvalError are Error subclasses with the usual shape.
const u = new URIError("bad uri", { cause: 1 });
const e = EvalError("x");
return [typeof URIError, URIError.name, URIError.length, URIError.prototype.name,
  Object.getPrototypeOf(URIError) === Error, Object.getPrototypeOf(URIError.prototype) === Error.prototype,
  u.message, u.cause, String(u), u instanceof URIError, e instanceof EvalError, String(e),
  Object.prototype.toString.call(u)];
