function f(a, b) { return [arguments.length, arguments[0], arguments[2], typeof arguments, Object.keys(arguments), JSON.stringify(arguments)]; }
function g() { const h = () => arguments[1]; return h(); }
function k() { return [].concat(arguments.length) }
function m(x) { arguments[0] = 9; return [arguments[0]]; }
function n() { return Object.prototype.toString.call(arguments) }
const o = { meth() { return arguments.length } };
function p() { return Array.from(arguments).map(v => v * 2) }
function q() { return (function () { return arguments.length })(1, 2, 3) + arguments.length }
function r() { return 'length' in arguments && !Object.keys(arguments).includes('length') }
function s() { var t = () => () => arguments.length; return t()() }
return [f(1, 2, 3), g(5, 6), k(1, 2, 3), m(1), o.meth(1, 2), p(1, 2), q(1), r(), typeof n(), s(7, 8, 9), f()];
