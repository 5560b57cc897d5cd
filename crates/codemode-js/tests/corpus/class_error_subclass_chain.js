class AppError extends Error { constructor(msg, code) { super(msg); this.code = code; } }
class DbError extends AppError { constructor(msg) { super(msg, 'DB'); this.name = 'DbError'; } }
const errs = [new DbError('down'), new AppError('app', 'X'), new TypeError('t')];
return errs.map(e => [e instanceof AppError, e instanceof DbError, e.code ?? null, e.message, e.name]);
