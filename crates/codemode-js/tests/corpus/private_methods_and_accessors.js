class Vault {
  #items = new Map();
  #secret() { return [...this.#items.keys()].join(','); }
  get #size() { return this.#items.size; }
  set #size(n) { if (n === 0) this.#items.clear(); }
  put(k, v) { this.#items.set(k, v); return this; }
  describe() { return `${this.#size}:${this.#secret()}`; }
  reset() { this.#size = 0; return this.#size; }
  methodName() { return [this.#secret.name, typeof this.#secret]; }
}
const v = new Vault().put('a', 1).put('b', 2);
return [v.describe(), v.methodName(), v.reset(), Object.getOwnPropertyNames(v), Object.getOwnPropertyNames(Vault.prototype)];
