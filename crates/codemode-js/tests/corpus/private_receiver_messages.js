const out = [];
const C = class { #m() {} static t(o) { try { o.#m() } catch (e) { return e.message } } }; out.push([C.t({})]);
const D = (() => class { get #g() { return 1 } static t(o) { try { return o.#g } catch (e) { return e.message } } })(); out.push([D.t({})]);
class E { static get #g() { return 1 } static t(o) { try { return o.#g } catch (e) { return e.message } } static w(o) { try { o.#g = 1 } catch (e) { return e.message } } } out.push([E.t({}), E.w({})]);
class F { set #s(v) {} static w(o) { try { o.#s = 1 } catch (e) { return e.message } } } out.push([F.w({})]);
return out;
