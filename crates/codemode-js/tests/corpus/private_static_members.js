class Registry {
  static #entries = [];
  static #nextId = 1;
  static #validate(name) { if (!name) throw new TypeError('name required'); return name.trim(); }
  static get #count() { return Registry.#entries.length; }
  static add(name) { const id = Registry.#nextId++; Registry.#entries.push({ id, name: Registry.#validate(name) }); return id; }
  static summary() { return { count: Registry.#count, names: Registry.#entries.map(e => e.name) }; }
  static other(o) { try { return o.#validate('x'); } catch (e) { return e.message; } }
  static field(o) { try { return o.#nextId; } catch (e) { return e.message; } }
}
Registry.add(' alpha ');
Registry.add('beta');
let err;
try { Registry.add(''); } catch (e) { err = e.message; }
class Sub extends Registry {}
return [Registry.summary(), err, Registry.other({}), Registry.field(Sub), Object.getOwnPropertyNames(Registry).sort()];
