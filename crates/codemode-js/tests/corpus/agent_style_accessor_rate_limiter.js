class RateLimiter {
  constructor(max) { this.max = max; this.used = 0; this.log = []; }
  get remaining() { return this.max - this.used; }
  get exhausted() { return this.remaining <= 0; }
  async call(path, input) {
    if (this.exhausted) { this.log.push('skip ' + input.id); return null; }
    this.used++;
    const r = await tools.api.call({ path, ...input });
    this.log.push('call ' + input.id);
    return r;
  }
}
const rl = new RateLimiter(2);
const out = [];
for (const id of [1, 2, 3]) out.push(await rl.call('/items', { id }));
return { out: out.map(r => r && r.input), remaining: rl.remaining, log: rl.log, state: rl };
