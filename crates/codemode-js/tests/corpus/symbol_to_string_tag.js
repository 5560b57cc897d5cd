class Invoice { get [Symbol.toStringTag]() { return "Invoice"; } }
const tagged = { [Symbol.toStringTag]: "Custom" };
return [String(new Invoice()), Object.prototype.toString.call(tagged), Object.prototype.toString.call(Symbol("x")), `${new Invoice()}`, Object.prototype.toString.call([]), Object.prototype.toString.call(new Map())];
