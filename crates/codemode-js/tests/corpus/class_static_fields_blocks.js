class Config {
  static defaults = { retries: 3 };
  static count = 0;
  static {
    this.count = Object.keys(this.defaults).length;
    this.ready = true;
  }
  static make() { Config.count++; return new Config(); }
}
Config.make();
return { defaults: Config.defaults, count: Config.count, ready: Config.ready };
