class Opts {
  constructor({ retries = 3, timeout = 100 } = {}, ...tags) { this.retries = retries; this.timeout = timeout; this.tags = tags; }
  with([k, v]) { return new Opts({ ...this, [k]: v }, ...this.tags); }
}
return [new Opts(), new Opts({ retries: 1 }, 'a', 'b'), new Opts().with(['timeout', 5])];
