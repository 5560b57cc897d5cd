class HttpError extends Error {
  constructor(status) { super(`HTTP ${status}`); this.name = 'HttpError'; this.status = status; }
  isRetryable() { return this.status >= 500; }
}
class Policy {
  static maxAttempts = 3;
  static async run(fn) {
    const errors = [];
    for (let i = 1; i <= Policy.maxAttempts; i++) {
      try { return { ok: await fn(i), errors }; }
      catch (e) {
        if (!(e instanceof HttpError) || !e.isRetryable()) throw e;
        errors.push(e.message);
      }
    }
    return { ok: null, errors };
  }
}
const statuses = [503, 502, 200];
const r1 = await Policy.run(async i => { const s = statuses[i - 1]; if (s !== 200) throw new HttpError(s); return 'done@' + i; });
let r2;
try { await Policy.run(async () => { throw new HttpError(404); }); } catch (e) { r2 = [e.name, e.status, e instanceof Error]; }
return { r1, r2 };
