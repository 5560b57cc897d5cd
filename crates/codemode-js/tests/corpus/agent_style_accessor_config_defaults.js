const defaults = { retries: 3, timeoutMs: 500, region: 'eu' };
function withDefaults(overrides) {
  const target = {};
  for (const key of Object.keys(defaults)) {
    Object.defineProperty(target, key, {
      get() { return key in overrides ? overrides[key] : defaults[key]; },
      set(v) { overrides[key] = v; },
      enumerable: true,
    });
  }
  return target;
}
const cfg = withDefaults({ retries: 5 });
cfg.region = 'us';
const res = await tools.deploy.start(cfg);
return { cfg, input: res.input, keys: Object.keys(cfg), json: JSON.stringify(cfg) };
