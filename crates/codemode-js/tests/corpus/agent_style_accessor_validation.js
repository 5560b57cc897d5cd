class Settings {
  constructor() { this._limit = 10; this.errors = []; }
  get limit() { return this._limit; }
  set limit(v) {
    if (typeof v !== 'number' || v < 1) { this.errors.push('bad limit: ' + v); return; }
    this._limit = Math.min(v, 100);
  }
}
const s = new Settings();
s.limit = 50; s.limit = -1; s.limit = 'x'; s.limit = 500;
const patch = { limit: 7 };
Object.assign(s, patch);
return { limit: s.limit, errors: s.errors, json: JSON.stringify(s) };
