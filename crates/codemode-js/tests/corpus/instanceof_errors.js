const errs = [new Error(), new TypeError(), new RangeError(), new SyntaxError(), new ReferenceError()]; return errs.map(e => [e.name, e instanceof Error, e.message]);
