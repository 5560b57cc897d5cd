function P(x) { this.x = x; } P.prototype.double = function() { return this.x * 2; }; const p = new P(4); return [p.x, p.double(), p instanceof P, Object.getPrototypeOf(p) === P.prototype];
